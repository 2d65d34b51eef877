import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { TKardex, TKardexRow, TStockPosition } from '@armazem/contracts/stock-history';
import {
  DataTable,
  ShortHeader,
  SummaryRow,
  figureColumn,
  narrowColumnCount,
  type Column,
} from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { PlaceFilter, placeScope } from '../../../components/ui/place-select.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { firstOfMonth, localToday } from '../../../lib/dates.ts';
import { formatDate, formatMoney, formatUnitMoney, formatQuantity } from '../../../lib/format.ts';
import { formatMovement } from '../../../lib/movement-label.ts';
import { usePlaces } from '../../../lib/places-api.ts';
import { kardexFileUrl, useKardexQuery } from '../kardex-api.ts';
import { DateField } from '../../../components/ui/date-field.tsx';

const text = featureMessages.stockHistory;

function documentAndSupplier(row: TKardexRow) {
  if (!row.document && !row.supplier) return '—';
  return (
    <>
      {row.document ? <div>{row.document}</div> : null}
      {row.supplier ? <div className="text-base-content/70 text-xs">{row.supplier.name}</div> : null}
    </>
  );
}

/** The opening or closing position: the label across the movement's columns, then quantity, average and value. */
function PositionRow({ label, position, unit }: { label: string; position: TStockPosition; unit: string }) {
  return (
    <SummaryRow
      className="bg-base-200 font-semibold"
      testId={label === text.opening ? 'kardex-opening' : 'kardex-closing'}
      label={label}
      span={6}
      narrowSpan={3}
      figures={[
        { value: `${formatQuantity(position.quantity)} ${unit}` },
        { value: formatUnitMoney(position.averageCost), narrowHidden: true },
        { value: formatMoney(position.totalValue), narrowHidden: true },
      ]}
    />
  );
}

const nowrap = 'whitespace-nowrap';

function kardexColumns(unit: string): Array<Column<TKardexRow>> {
  return [
    { key: 'date', header: 'Data', className: nowrap, cell: (row) => formatDate(row.occurredOn) },
    // may wrap, so every column fits a 1280-pixel screen beside the sidebar
    { key: 'movement', header: 'Movimento', cell: formatMovement },
    // one column for both, the supplier under the document: nine columns fit a 1280-pixel screen
    {
      key: 'document',
      header: 'Documento\u00a0/ fornecedor',
      className: 'whitespace-normal',
      cell: documentAndSupplier,
      narrowHidden: true,
    },
    figureColumn(
      'quantity',
      <ShortHeader short="Qtd." full="Quantidade" />,
      (row) => `${row.direction === 'out' ? '−' : ''}${formatQuantity(row.quantity)} ${unit}`,
    ),
    // a phone draws the date, the movement, its quantity and the running balance
    figureColumn('unitCost', 'Custo unit.', (row) => formatUnitMoney(row.unitCost), { narrowHidden: true }),
    figureColumn('totalCost', 'Total', (row) => formatMoney(row.totalCost), { narrowHidden: true }),
    figureColumn('balance', 'Saldo', (row) => `${formatQuantity(row.balanceQuantity)} ${unit}`),
    figureColumn('averageCost', 'Custo médio', (row) => formatUnitMoney(row.averageCost), {
      narrowHidden: true,
    }),
    figureColumn('balanceValue', 'Valor', (row) => formatMoney(row.balanceValue), { narrowHidden: true }),
  ];
}

/** The opening position, each movement with the running balance, and the closing position. */
function KardexTable({ kardex, busy }: { kardex: TKardex; busy: boolean }) {
  const unit = kardex.unity.code;
  const columns = kardexColumns(unit);
  return (
    <DataTable
      label={text.kardexTab}
      testId="kardex-table"
      columns={columns}
      rows={kardex.data}
      rowKey={(row) => row.id}
      rowTestId={() => 'kardex-row'}
      busy={busy}
      zebra={false}
      compact
      leadRows={<PositionRow label={text.opening} position={kardex.opening} unit={unit} />}
      tailRows={
        <>
          {kardex.data.length === 0 ? (
            <SummaryRow
              label={<EmptyState>{text.noMovements}</EmptyState>}
              span={columns.length}
              narrowSpan={narrowColumnCount(columns)}
            />
          ) : null}
          <PositionRow label={text.closing} position={kardex.closing} unit={unit} />
        </>
      }
    />
  );
}

/** Whose figures the kardex shows, as the answer says: an establishment's, or one of its locations'. */
function KardexPlace({ kardex }: { kardex: TKardex }) {
  const { several } = usePlaces();
  if (!several) return null;
  return (
    <p className="mb-2 text-sm" data-testid="kardex-place">
      Estabelecimento: <strong>{kardex.establishment.name}</strong>
      {' · '}
      {kardex.location ? (
        <>
          Depósito: <strong>{kardex.location.name}</strong>
        </>
      ) : (
        'todos os depósitos'
      )}
    </p>
  );
}

interface RangeProps {
  from: string;
  to: string;
  today: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  children?: ReactNode;
}

function KardexRange({ from, to, today, onFrom, onTo, children }: RangeProps) {
  return (
    <div className="mb-4 flex flex-wrap gap-2">
      <DateField label="De" className="w-36" small max={today} value={from} onChange={onFrom} />
      <DateField label="Até" className="w-36" small max={today} value={to} onChange={onTo} />
      {children}
    </div>
  );
}

/** Kardex: every movement of the product in a date range with the running balance and the average cost. */
export function KardexTab({ productId }: { productId: number }) {
  const today = localToday();
  // kept in the URL beside ?tab=kardex, so reload and Back keep the range
  const [searchParams, setSearchParams] = useSearchParams();
  const from = searchParams.get('from') ?? firstOfMonth(today);
  const to = searchParams.get('to') ?? today;
  const setParams = (patch: Record<string, string | number | null>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  const setFrom = (value: string) => setParams({ from: value });
  const setTo = (value: string) => setParams({ to: value });
  const scope = placeScope((name) => searchParams.get(name) ?? '');
  const range = { productId, from, to, ...scope };
  const valid = Boolean(from && to && from <= to);
  const { data, isFetching } = useKardexQuery(range, { skip: !valid });
  return (
    <TitleCard
      title={text.kardexTab}
      actions={
        valid ? (
          <>
            <a className="btn btn-sm" href={kardexFileUrl(range, 'xlsx')} download>
              <Icon name="download" className="h-4 w-4" /> Exportar XLSX
            </a>
            <a className="btn btn-sm" href={kardexFileUrl(range, 'pdf')} download>
              <Icon name="download" className="h-4 w-4" /> Exportar PDF
            </a>
          </>
        ) : null
      }
    >
      <KardexRange from={from} to={to} today={today} onFrom={setFrom} onTo={setTo}>
        {/* no "all": the kardex is one establishment's (the API's default, the first) or one location's */}
        <PlaceFilter
          scope={
            scope.establishmentId || scope.locationId ? scope : { establishmentId: data?.establishment.id }
          }
          onChange={setParams}
          allLabel={null}
        />
      </KardexRange>
      {!valid ? (
        <p className="text-error text-sm" role="alert">
          A data inicial deve ser anterior ou igual à final.
        </p>
      ) : data ? (
        <>
          <KardexPlace kardex={data} />
          <KardexTable kardex={data} busy={isFetching} />
        </>
      ) : null}
    </TitleCard>
  );
}
