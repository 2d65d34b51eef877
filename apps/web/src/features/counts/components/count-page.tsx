import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { COUNT_STATUS_LABELS, type TCountDetail, type TCountItem } from '@armazem/contracts/counts';
import { countLabel } from '@armazem/contracts/plural';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { HistoryPanel } from '../../../components/ui/history-panel.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { messages } from '../../../config/messages.ts';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCountQuery } from '../counts-api.ts';
import { CountActions } from './count-actions.tsx';
import { CountLines } from './count-lines.tsx';
import { ScanPanel, type OnSaved } from './scan-panel.tsx';

/** One count: scan or type what was counted, see the differences, post. Made for a phone and a scanner. */
export default function CountPage() {
  usePageTitle('Balanço');
  const id = Number(useParams().countId);
  const [differences, setDifferences] = useState(false);
  const { data: count, isLoading } = useCountQuery({ id, differences });
  // the scanner reads any product of the count, also one the "differences" view leaves out
  const { data: whole } = useCountQuery({ id, differences: false }, { skip: !differences });
  // what this screen saved since the list loaded (the list is not reloaded after every scan)
  const [saved, setSaved] = useState<ReadonlyMap<number, TCountItem>>(new Map());
  // and the totals the last save answered (the summary follows every scan)
  const [savedTotals, setSavedTotals] = useState<{ of: TCountDetail; totals: TCountDetail['totals'] } | null>(
    null,
  );
  const items = useMemo(
    () => (count?.items ?? []).map((item) => saved.get(item.product.id) ?? item),
    [count, saved],
  );
  const scannable = useMemo(
    () =>
      (differences ? (whole?.items ?? []) : (count?.items ?? [])).map(
        (item) => saved.get(item.product.id) ?? item,
      ),
    [differences, whole, count, saved],
  );
  if (isLoading || !count) return <PageLoader />;
  const onSaved: OnSaved = (item, totals) => {
    setSaved((old) => new Map(old).set(item.product.id, item));
    setSavedTotals({ of: count, totals });
  };
  // a reloaded count brings its own totals
  const totals = savedTotals?.of === count ? savedTotals.totals : count.totals;
  return (
    <div className="grid gap-4">
      <TitleCard
        title={`Balanço nº ${count.id} — ${formatDate(count.countedOn)}`}
        actions={
          <Link to={paths.counts} className="btn btn-sm">
            Voltar
          </Link>
        }
      >
        <p className="mb-3 text-sm">
          <span className="badge mr-2">{COUNT_STATUS_LABELS[count.status]}</span>
          {count.category?.name ?? 'Todas as categorias'} ·{' '}
          <span data-testid="count-summary">
            Contados: {totals.counted.toLocaleString('pt-BR')} de{' '}
            {countLabel(totals.products, 'produto', 'produtos')} · diferença{' '}
            {formatMoney(totals.differenceValue)}
          </span>
          {count.description ? ` · ${count.description}` : ''}
        </p>
        {count.status === 'open' ? (
          <ScanPanel countId={count.id} items={scannable} onSaved={onSaved} />
        ) : null}
      </TitleCard>
      <TitleCard
        title={differences ? 'Diferenças' : 'Produtos'}
        actions={
          <label className="label cursor-pointer gap-2">
            <input
              type="checkbox"
              className="toggle"
              checked={differences}
              onChange={(e) => {
                setSaved(new Map());
                setDifferences(e.target.checked);
              }}
            />
            <span>Só diferenças</span>
          </label>
        }
      >
        <CountLines items={items} />
      </TitleCard>
      <TitleCard title="Planilha e lançamento">
        <CountActions count={{ ...count, totals }} />
      </TitleCard>
      <TitleCard title={messages.audit.historyTitle}>
        <HistoryPanel entity="inventory_count" entityId={count.id} title={`Balanço nº ${count.id}`} />
      </TitleCard>
    </div>
  );
}
