import { useState } from 'react';
import { STOCK_REASON_LABELS } from '@armazem/contracts/stock';
import type { TKardex, TKardexRow, TStockPosition } from '@armazem/contracts/stock-history';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { messages } from '../../../config/messages.ts';
import { firstOfMonth, localToday } from '../../../lib/dates.ts';
import { formatDate, formatMoney, formatQuantity } from '../../../lib/format.ts';
import { kardexFileUrl, useKardexQuery } from '../kardex-api.ts';

const text = messages.stockHistory;

function movementLabel(row: TKardexRow) {
  const kind = row.direction === 'in' ? text.entry : text.exit;
  const reason = row.reason ? ` · ${STOCK_REASON_LABELS[row.reason]}` : '';
  return `${kind}${reason} · ${text.sources[row.source]}`;
}

function PositionRow({ label, position, unit }: { label: string; position: TStockPosition; unit: string }) {
  return (
    <tr
      className="bg-base-200 font-semibold"
      data-testid={label === text.opening ? 'kardex-opening' : 'kardex-closing'}
    >
      <td colSpan={7}>{label}</td>
      <td className="text-right whitespace-nowrap">
        {formatQuantity(position.quantity)} {unit}
      </td>
      <td className="text-right whitespace-nowrap">{formatMoney(position.averageCost)}</td>
      <td className="text-right whitespace-nowrap">{formatMoney(position.totalValue)}</td>
    </tr>
  );
}

function MovementRow({ row, unit }: { row: TKardexRow; unit: string }) {
  return (
    <tr data-testid="kardex-row">
      <td className="whitespace-nowrap">{formatDate(row.occurredOn)}</td>
      <td className="whitespace-nowrap">{movementLabel(row)}</td>
      <td>{row.document ?? '—'}</td>
      <td>{row.supplier?.name ?? '—'}</td>
      <td className="text-right whitespace-nowrap">
        {row.direction === 'out' ? '−' : ''}
        {formatQuantity(row.quantity)} {unit}
      </td>
      <td className="text-right whitespace-nowrap">{formatMoney(row.unitCost)}</td>
      <td className="text-right whitespace-nowrap">{formatMoney(row.totalCost)}</td>
      <td className="text-right whitespace-nowrap">
        {formatQuantity(row.balanceQuantity)} {unit}
      </td>
      <td className="text-right whitespace-nowrap">{formatMoney(row.averageCost)}</td>
      <td className="text-right whitespace-nowrap">{formatMoney(row.balanceValue)}</td>
    </tr>
  );
}

const HEADERS = ['Data', 'Movimento', 'Documento', 'Fornecedor'];
const NUMBER_HEADERS = ['Quantidade', 'Custo unit.', 'Total', 'Saldo', 'Custo médio', 'Valor'];

/** The opening position, each movement with the running balance, and the closing position. */
function KardexTable({ kardex, busy }: { kardex: TKardex; busy: boolean }) {
  const unit = kardex.unity.code;
  return (
    <div className={`overflow-x-auto ${busy ? 'opacity-60' : ''}`}>
      <table className="table table-sm" data-testid="kardex-table">
        <thead>
          <tr>
            {HEADERS.map((header) => (
              <th key={header}>{header}</th>
            ))}
            {NUMBER_HEADERS.map((header) => (
              <th key={header} className="text-right">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <PositionRow label={text.opening} position={kardex.opening} unit={unit} />
          {kardex.data.map((row) => (
            <MovementRow key={row.id} row={row} unit={unit} />
          ))}
          {kardex.data.length === 0 ? (
            <tr>
              <td colSpan={10}>
                <EmptyState>{text.noMovements}</EmptyState>
              </td>
            </tr>
          ) : null}
          <PositionRow label={text.closing} position={kardex.closing} unit={unit} />
        </tbody>
      </table>
    </div>
  );
}

interface RangeProps {
  from: string;
  to: string;
  today: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}

function KardexRange({ from, to, today, onFrom, onTo }: RangeProps) {
  return (
    <div className="mb-4 flex flex-wrap gap-2">
      <label className="fieldset">
        <span className="fieldset-legend">De</span>
        <input
          type="date"
          className="input input-sm"
          max={to || today}
          value={from}
          onChange={(e) => onFrom(e.target.value)}
        />
      </label>
      <label className="fieldset">
        <span className="fieldset-legend">Até</span>
        <input
          type="date"
          className="input input-sm"
          min={from}
          max={today}
          value={to}
          onChange={(e) => onTo(e.target.value)}
        />
      </label>
    </div>
  );
}

/** Kardex: every movement of the product in a date range with the running balance and the average cost. */
export function KardexTab({ productId }: { productId: number }) {
  const today = localToday();
  const [from, setFrom] = useState(firstOfMonth(today));
  const [to, setTo] = useState(today);
  const range = { productId, from, to };
  const valid = Boolean(from && to && from <= to);
  const { data, isFetching } = useKardexQuery(range, { skip: !valid });
  return (
    <TitleCard
      title={text.kardexTab}
      actions={
        <>
          <a className="btn btn-sm" href={kardexFileUrl(range, 'xlsx')} download>
            <Icon name="download" className="h-4 w-4" /> Exportar XLSX
          </a>
          <a className="btn btn-sm" href={kardexFileUrl(range, 'pdf')} download>
            <Icon name="download" className="h-4 w-4" /> Exportar PDF
          </a>
        </>
      }
    >
      <KardexRange from={from} to={to} today={today} onFrom={setFrom} onTo={setTo} />
      {data ? <KardexTable kardex={data} busy={isFetching} /> : null}
    </TitleCard>
  );
}
