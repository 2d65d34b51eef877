import type { TNfeReceiptDetail } from '@armazem/contracts/nfe';
import { formatDate, formatMoney, formatQuantity } from '../../../lib/format.ts';
import { useNfeReceiptQuery } from '../nfe-api.ts';

function EntriesTable({ ledger }: { ledger: TNfeReceiptDetail['ledger'] }) {
  const data = { ledger };
  return (
    <div className="overflow-x-auto">
      <table className="table-sm table" aria-label="Entradas da nota" data-testid="nfe-entries">
        <thead>
          <tr>
            <th>Data</th>
            <th>Produto</th>
            <th className="text-right">Quantidade</th>
            <th className="text-right">Custo unitário</th>
            <th className="text-right">Total</th>
            <th>Situação</th>
          </tr>
        </thead>
        <tbody>
          {data.ledger.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDate(entry.occurredOn)}</td>
              <td>{entry.product.name}</td>
              <td className="text-right">
                {formatQuantity(entry.quantity)} × {entry.productUnity.label} ={' '}
                {formatQuantity(entry.baseQuantity)} {entry.baseUnity}
              </td>
              <td className="text-right">{formatMoney(entry.unitCost)}</td>
              <td className="text-right">{formatMoney(entry.totalCost)}</td>
              <td>{entry.cancelledAt ? 'Cancelada' : 'Ativa'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

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
      <div className="overflow-x-auto">
        <table className="table-sm table" aria-label="Itens recebidos">
          <thead>
            <tr>
              <th>#</th>
              <th>Item da nota</th>
              <th>Produto</th>
              <th>Embalagem</th>
              <th className="text-right">Quantidade</th>
              <th className="text-right">Custo</th>
              <th>Lotes</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <tr key={item.item}>
                <td>{item.item}</td>
                <td>{item.description}</td>
                <td>
                  {item.product.sku} — {item.product.name}
                </td>
                <td>{item.productUnity.label}</td>
                <td className="text-right">
                  {formatQuantity(item.quantity)} {item.unit}
                </td>
                <td className="text-right">{formatMoney(item.totalCost)}</td>
                <td>
                  {item.lots.length === 0
                    ? '—'
                    : item.lots
                        .map(
                          (lot) =>
                            `${lot.number} (${formatQuantity(lot.quantity)}${lot.expiresOn ? `, validade ${formatDate(lot.expiresOn)}` : ''})`,
                        )
                        .join('; ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h4 className="font-semibold">Entradas no estoque</h4>
      <EntriesTable ledger={data.ledger} />
    </div>
  );
}
