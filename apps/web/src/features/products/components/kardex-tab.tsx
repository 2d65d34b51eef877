import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { STOCK_REASON_LABELS } from '@armazem/contracts/stock';
import type { TKardexRow, TStockPosition } from '@armazem/contracts/stock-history';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { messages } from '../../../config/messages.ts';
import { firstOfMonth, localToday } from '../../../lib/dates.ts';
import { formatDate, formatMoney, formatQuantity } from '../../../lib/format.ts';
import { kardexFileUrl, useKardexQuery } from '../kardex-api.ts';

const text = messages.stockHistory;
export type ProductTab = 'overview' | 'kardex';

/** The product screen's tab, kept in the URL (`?tab=kardex`) so Back and reload keep it. */
export function useProductTab(): [ProductTab, (tab: ProductTab) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: ProductTab = searchParams.get('tab') === 'kardex' ? 'kardex' : 'overview';
  const setTab = (next: ProductTab) => setSearchParams(next === 'kardex' ? { tab: next } : {});
  return [tab, setTab];
}

export function ProductTabs({ tab, onChange }: { tab: ProductTab; onChange: (tab: ProductTab) => void }) {
  const item = (value: ProductTab, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={tab === value}
      className={`tab ${tab === value ? 'tab-active' : ''}`}
      onClick={() => onChange(value)}
    >
      {label}
    </button>
  );
  return (
    <div role="tablist" className="tabs tabs-box w-fit">
      {item('overview', text.overviewTab)}
      {item('kardex', text.kardexTab)}
    </div>
  );
}

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

/** Kardex: every movement of the product in a date range with the running balance and the average cost. */
export function KardexTab({ productId }: { productId: number }) {
  const today = localToday();
  const [from, setFrom] = useState(firstOfMonth(today));
  const [to, setTo] = useState(today);
  const range = { productId, from, to };
  const valid = Boolean(from && to && from <= to);
  const { data, isFetching } = useKardexQuery(range, { skip: !valid });
  const unit = data?.unity.code ?? '';

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
      <div className="mb-4 flex flex-wrap gap-2">
        <label className="fieldset">
          <span className="fieldset-legend">De</span>
          <input
            type="date"
            className="input input-sm"
            max={to || today}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
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
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
      </div>
      {data ? (
        <div className={`overflow-x-auto ${isFetching ? 'opacity-60' : ''}`}>
          <table className="table table-sm" data-testid="kardex-table">
            <thead>
              <tr>
                <th>Data</th>
                <th>Movimento</th>
                <th>Documento</th>
                <th>Fornecedor</th>
                <th className="text-right">Quantidade</th>
                <th className="text-right">Custo unit.</th>
                <th className="text-right">Total</th>
                <th className="text-right">Saldo</th>
                <th className="text-right">Custo médio</th>
                <th className="text-right">Valor</th>
              </tr>
            </thead>
            <tbody>
              <PositionRow label={text.opening} position={data.opening} unit={unit} />
              {data.data.map((row) => (
                <tr key={row.id} data-testid="kardex-row">
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
              ))}
              {data.data.length === 0 ? (
                <tr>
                  <td colSpan={10}>
                    <EmptyState>{text.noMovements}</EmptyState>
                  </td>
                </tr>
              ) : null}
              <PositionRow label={text.closing} position={data.closing} unit={unit} />
            </tbody>
          </table>
        </div>
      ) : null}
    </TitleCard>
  );
}
