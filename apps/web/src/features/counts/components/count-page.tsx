import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  COUNT_STATUS_LABELS,
  type TCountDetail,
  type TCountItem,
  type TCountScanResult,
} from '@armazem/contracts/counts';
import { formatScaled, parseScaled } from '@armazem/contracts/decimal';
import { countLabel } from '@armazem/contracts/plural';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { HistoryPanel } from '../../../components/ui/history-panel.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCountQuery } from '../counts-api.ts';
import { CountActions } from './count-actions.tsx';
import { CountLines, UncountedList } from './count-lines.tsx';
import { ScanPanel } from './scan-panel.tsx';

type View = 'all' | 'differences' | 'uncounted';

const scaled = (wire: string) => {
  const parsed = parseScaled(wire, 3);
  return parsed.ok ? parsed.value : 0n;
};

/** A line after a scan this screen made: the counted figure and parts the server answered, until the count refetches. */
function withScan(item: TCountItem, scan: TCountScanResult | undefined): TCountItem {
  if (!scan) return item;
  const difference =
    item.expectedQuantity === null
      ? null
      : formatScaled(scaled(scan.countedQuantity) - scaled(item.expectedQuantity), 3);
  return { ...item, countedQuantity: scan.countedQuantity, countedBy: scan.countedBy, difference };
}

function Summary({ count }: { count: TCountDetail }) {
  const { totals } = count;
  return (
    <p className="mb-3 text-sm">
      <span className="badge mr-2">{COUNT_STATUS_LABELS[count.status]}</span>
      {count.blind ? (
        <span className="badge badge-outline mr-2">{featureMessages.counts.blindBadge}</span>
      ) : null}
      <span data-testid="count-location-name">{count.location.name}</span> ·{' '}
      {count.category?.name ?? 'Todas as categorias'} ·{' '}
      <span data-testid="count-summary">
        Contados: {totals.counted.toLocaleString('pt-BR')} de{' '}
        {countLabel(totals.products, 'produto', 'produtos')}
        {totals.differenceValue === null ? '' : ` · diferença ${formatMoney(totals.differenceValue)}`}
      </span>
      {count.description ? ` · ${count.description}` : ''}
    </p>
  );
}

/** "Só diferenças" (not in a blind count's operator view) and "Não contados": one at a time, or all the lines. */
function ViewChoice({
  view,
  blindView,
  onChange,
}: {
  view: View;
  blindView: boolean;
  onChange: (v: View) => void;
}) {
  const toggle = (which: View, label: string) => (
    <label className="label cursor-pointer gap-2">
      <input
        type="checkbox"
        className="toggle"
        checked={view === which}
        onChange={(e) => onChange(e.target.checked ? which : 'all')}
      />
      <span>{label}</span>
    </label>
  );
  return (
    <div className="flex flex-wrap gap-3">
      {blindView ? null : toggle('differences', 'Só diferenças')}
      {toggle('uncounted', featureMessages.counts.uncounted)}
    </div>
  );
}

/**
 * One count: scan or type what was counted, see the differences, post. Made for a phone and a scanner. Others'
 * counts arrive by the live events (lib/use-live-events.ts), which refetch the count.
 */
export default function CountPage() {
  usePageTitle('Balanço');
  const id = Number(useParams().countId);
  const [view, setView] = useState<View>('all');
  const differences = view === 'differences';
  const { data: count, isLoading } = useCountQuery({ id, differences });
  // the scanner reads any product of the count, also one the "differences" view leaves out
  const { data: whole } = useCountQuery({ id, differences: false }, { skip: !differences });
  // this screen's scans since the count was (re)loaded; a refetch brings them, and the others', from the server
  const [scans, setScans] = useState<{
    of: TCountDetail | undefined;
    byProduct: Map<number, TCountScanResult>;
  }>({
    of: undefined,
    byProduct: new Map(),
  });
  const mine = scans.of === count ? scans.byProduct : undefined;
  const items = useMemo(
    () => (count?.items ?? []).map((item) => withScan(item, mine?.get(item.product.id))),
    [count, mine],
  );
  const scannable = differences ? (whole?.items ?? []) : items;
  if (isLoading || !count) return <PageLoader />;
  const onScanned = (result: TCountScanResult) =>
    setScans({ of: count, byProduct: new Map(mine).set(result.product.id, result) });
  const blindView = count.totals.withDifference === null;
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
        <Summary count={count} />
        {count.status === 'open' ? (
          <ScanPanel countId={count.id} items={scannable} onScanned={onScanned} />
        ) : null}
      </TitleCard>
      <TitleCard
        title={
          view === 'differences'
            ? 'Diferenças'
            : view === 'uncounted'
              ? featureMessages.counts.uncounted
              : 'Produtos'
        }
        actions={<ViewChoice view={view} blindView={blindView} onChange={setView} />}
      >
        {view === 'uncounted' ? (
          <UncountedList countId={count.id} />
        ) : (
          <CountLines countId={count.id} open={count.status === 'open'} items={items} />
        )}
      </TitleCard>
      <TitleCard title="Planilha e lançamento">
        <CountActions count={count} />
      </TitleCard>
      <TitleCard title={featureMessages.audit.historyTitle}>
        <HistoryPanel entity="inventory_count" entityId={count.id} title={`Balanço nº ${count.id}`} />
      </TitleCard>
    </div>
  );
}
