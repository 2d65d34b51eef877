import { Link } from 'react-router';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { PlaceFilter } from '../../../components/ui/place-select.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AbcTab } from './abc-tab.tsx';
import { CoverageTab } from './coverage-tab.tsx';
import { DeadStockTab } from './dead-stock-tab.tsx';
import { ReorderTab } from './reorder-tab.tsx';
import { useReportParams } from './report-filters.tsx';
import { StockValueTab } from './stock-value-tab.tsx';

const TABS = [
  { key: 'valor', name: 'Valor do estoque', view: StockValueTab },
  { key: 'abc', name: 'Curva ABC', view: AbcTab },
  { key: 'cobertura', name: 'Cobertura e giro', view: CoverageTab },
  { key: 'parado', name: 'Estoque parado', view: DeadStockTab },
  { key: 'compra', name: 'Sugestão de compra', view: ReorderTab },
] as const;

/**
 * What the owner wants to see (DESIGN.md §6.6, decision 0079): one report per tab, each with its chart, table,
 * summary and files; the tab, the filters and the page live in the URL.
 */
export default function ReportsPage() {
  usePageTitle('Análises');
  const params = useReportParams();
  const tab = TABS.find((candidate) => candidate.key === params.get('aba')) ?? TABS[0];
  const View = tab.view;
  // the place stays from tab to tab; the tab's own filters and page start over
  const tabLink = (key: string) => {
    const next = new URLSearchParams();
    if (key !== 'valor') next.set('aba', key);
    for (const name of ['establishmentId', 'locationId'])
      if (params.get(name)) next.set(name, params.get(name));
    return `${paths.reports}${next.size ? `?${next.toString()}` : ''}`;
  };
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Relatórios" className="flex flex-wrap gap-2">
        {TABS.map((candidate) => (
          <Link
            key={candidate.key}
            to={tabLink(candidate.key)}
            aria-current={candidate === tab ? 'page' : undefined}
            className={`btn btn-sm ${candidate === tab ? 'btn-primary' : 'btn-ghost'}`}
          >
            {candidate.name}
          </Link>
        ))}
      </nav>
      <TitleCard
        title={tab.name}
        actions={
          <PlaceFilter
            inline
            scope={params.scope}
            allLabel={tab.key === 'abc' ? 'Todos' : 'Primeiro estabelecimento'}
            onChange={(scope) => params.update(scope)}
          />
        }
      >
        <View key={tab.key} params={params} />
      </TitleCard>
    </div>
  );
}
