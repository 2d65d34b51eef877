import { Fragment, useState } from 'react';
import { INVENTORY_REASONS, INVENTORY_REASON_LABELS, type TInventory } from '@armazem/contracts/inventory';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { formatMoney, formatQuantity } from '../../../lib/format.ts';
import { useBusinessToday } from '../../../lib/business-today.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { inventoryUrls, useInventoryQuery } from '../inventory-api.ts';

type Row = TInventory['data'][number];

/** The rows grouped by NCM (the order the server gives: NCM, then name; without NCM last). */
function groups(data: readonly Row[]) {
  const out: Array<{ ncm: string | null; rows: Row[] }> = [];
  for (const row of data) {
    const last = out.at(-1);
    if (last && last.ncm === row.ncm) last.rows.push(row);
    else out.push({ ncm: row.ncm, rows: [row] });
  }
  return out;
}

function InventoryTable({ inventory }: { inventory: TInventory }) {
  const totals = new Map(inventory.totalsByNcm.map((t) => [t.ncm, t.totalValue]));
  return (
    <TableScroll label="Inventário por NCM">
      <table className="table-sm table" data-testid="inventory-table">
        <thead>
          <tr>
            <th>NCM</th>
            <th>Produto</th>
            <th className="text-right">Quantidade</th>
            <th className="text-right">Valor unitário</th>
            <th className="text-right">Valor</th>
          </tr>
        </thead>
        <tbody>
          {groups(inventory.data).map((group) => (
            <Fragment key={group.ncm ?? 'sem-ncm'}>
              {group.rows.map((row) => (
                <tr key={row.product.id}>
                  <td className="font-mono">{row.ncm ?? 'Sem NCM'}</td>
                  <td>
                    {row.product.name} <span className="font-mono text-xs opacity-70">{row.product.sku}</span>
                  </td>
                  <td className="text-right whitespace-nowrap">
                    {formatQuantity(row.quantity)} {row.unity.code}
                  </td>
                  <td className="text-right whitespace-nowrap">{formatMoney(row.unitCost)}</td>
                  <td className="text-right whitespace-nowrap">{formatMoney(row.totalValue)}</td>
                </tr>
              ))}
              <tr className="font-semibold">
                <td colSpan={4}>Total da classificação {group.ncm ?? 'Sem NCM'}</td>
                <td className="text-right whitespace-nowrap">{formatMoney(totals.get(group.ncm) ?? '0')}</td>
              </tr>
            </Fragment>
          ))}
        </tbody>
        <tfoot>
          <tr className="text-base">
            <td colSpan={4}>Total geral</td>
            <td className="text-right whitespace-nowrap" data-testid="inventory-total">
              {formatMoney(inventory.totalValue)}
            </td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}

/** Balances and values at the end of a date, by NCM; the Registro de Inventário and the Bloco H file. */
export default function InventoryPage() {
  usePageTitle('Inventário');
  const today = useBusinessToday();
  const [date, setDate] = useState(today);
  const [reason, setReason] = useState<string>('01');
  const { data: inventory, isFetching } = useInventoryQuery(date);
  return (
    <TitleCard title="Inventário">
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="form-control">
          <span className="label-text">Estoque no fim do dia</span>
          <input
            type="date"
            className="input input-bordered"
            value={date}
            max={today}
            onChange={(e) => e.target.value && setDate(e.target.value)}
            data-testid="inventory-date"
          />
        </label>
        <a className="btn btn-sm" href={inventoryUrls.book(date, 'pdf')} download data-testid="inventory-pdf">
          <Icon name="download" className="h-4 w-4" /> Livro (PDF)
        </a>
        <a
          className="btn btn-sm"
          href={inventoryUrls.book(date, 'xlsx')}
          download
          data-testid="inventory-xlsx"
        >
          <Icon name="download" className="h-4 w-4" /> Livro (XLSX)
        </a>
        <label className="form-control">
          <span className="label-text">Motivo do inventário (MOT_INV)</span>
          <select
            className="select select-bordered select-sm"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          >
            {INVENTORY_REASONS.map((code) => (
              <option key={code} value={code}>
                {code} — {INVENTORY_REASON_LABELS[code]}
              </option>
            ))}
          </select>
        </label>
        <a
          className="btn btn-sm"
          href={inventoryUrls.sped(date, reason)}
          download
          data-testid="inventory-sped"
        >
          <Icon name="download" className="h-4 w-4" /> Bloco H (SPED)
        </a>
      </div>
      {inventory?.warnings.map((warning) => (
        <div key={warning} role="alert" className="alert alert-warning mb-3">
          <Icon name="alert" className="h-5 w-5" />
          <span>{warning}</span>
        </div>
      ))}
      {inventory && inventory.data.length === 0 ? <p>Nenhum produto com saldo nesta data.</p> : null}
      {inventory && inventory.data.length > 0 ? (
        <div aria-busy={isFetching}>
          <InventoryTable inventory={inventory} />
        </div>
      ) : null}
    </TitleCard>
  );
}
