import type { TNfeReceiptDetail } from '@armazem/contracts/nfe';
import type { Column } from '../../../components/ui/data-table.tsx';
import { HistoryPanel } from '../../../components/ui/history-panel.tsx';
import { formatDate, formatMoney, formatUnitMoney, formatQuantity } from '../../../lib/format.ts';
import { readableUnitCost } from '@armazem/contracts/unit-cost';
import { useNfeReceiptQuery } from '../nfe-api.ts';
import { NoteTable } from './note-table.tsx';

type Item = TNfeReceiptDetail['items'][number];
type Entry = TNfeReceiptDetail['ledger'][number];

const lotsText = (lots: Item['lots']) =>
  lots.length === 0
    ? '—'
    : lots
        .map(
          (lot) =>
            `${lot.number} (${formatQuantity(lot.quantity)}${lot.expiresOn ? `, validade ${formatDate(lot.expiresOn)}` : ''})`,
        )
        .join('; ');

const itemColumns: Array<Column<Item>> = [
  // a phone draws the note's description, the product, the quantity and the cost
  { key: 'item', header: '#', cell: (item) => item.item, narrowHidden: true },
  { key: 'description', header: 'Item da nota', cell: (item) => item.description },
  { key: 'product', header: 'Produto', cell: (item) => `${item.product.sku} — ${item.product.name}` },
  { key: 'package', header: 'Embalagem', cell: (item) => item.productUnity.label, narrowHidden: true },
  {
    key: 'quantity',
    header: 'Quantidade',
    align: 'right',
    cell: (item) => `${formatQuantity(item.quantity)} ${item.unit}`,
  },
  { key: 'cost', header: 'Custo', align: 'right', cell: (item) => formatMoney(item.totalCost) },
  { key: 'lots', header: 'Lotes', cell: (item) => lotsText(item.lots), narrowHidden: true },
];

const entryColumns: Array<Column<Entry>> = [
  { key: 'date', header: 'Data', cell: (entry) => formatDate(entry.occurredOn) },
  { key: 'product', header: 'Produto', cell: (entry) => entry.product.name },
  {
    key: 'quantity',
    header: 'Quantidade',
    align: 'right',
    cell: (entry) =>
      `${formatQuantity(entry.quantity)} × ${entry.productUnity.label} = ${formatQuantity(entry.baseQuantity)} ${entry.baseUnity}`,
  },
  {
    key: 'unitCost',
    header: 'Custo unitário',
    align: 'right',
    cell: (entry) => formatUnitMoney(entry.unitCost && readableUnitCost(entry.unitCost)),
    // a phone draws the date, the product, the quantity and the total
    narrowHidden: true,
  },
  { key: 'total', header: 'Total', align: 'right', cell: (entry) => formatMoney(entry.totalCost) },
  {
    key: 'status',
    header: 'Situação',
    cell: (entry) => (entry.cancelledAt ? 'Cancelada' : 'Ativa'),
    narrowHidden: true,
  },
];

/** One received note: its items with product, package and lots, and the entries it posted. */
export function NfeReceiptDetail({ id }: { id: number }) {
  const { data } = useNfeReceiptQuery(id);
  if (!data) return <p role="status">Carregando...</p>;
  return (
    <div className="flex flex-col gap-4" data-testid="nfe-detail">
      <h3 className="font-semibold">
        NF-e {data.number}/{data.series} — {data.supplier.name}
        {data.undoneAt ? ' (desfeita)' : ''}
      </h3>
      <NoteTable
        label="Itens recebidos"
        columns={itemColumns}
        rows={data.items}
        rowKey={(item) => item.item}
      />
      <h4 className="font-semibold">Entradas no estoque</h4>
      <NoteTable
        label="Entradas da nota"
        testId="nfe-entries"
        columns={entryColumns}
        rows={data.ledger}
        rowKey={(entry) => entry.id}
      />
      <HistoryPanel entity="nfe_receipt" entityId={data.id} />
    </div>
  );
}
