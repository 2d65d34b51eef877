import { useState } from 'react';
import type { TProductSelectItem } from '@armazem/contracts/catalog';
import { formatDocument } from '@armazem/contracts/documents';
import { STOCK_REASON_LABELS } from '@armazem/contracts/stock';
import { useAppDispatch } from '../../../app/hooks.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ProductPicker } from '../../../components/ui/product-picker.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { formatDate, formatMoney, formatQuantity } from '../../../lib/format.ts';
import { useSuppliersSelectQuery } from '../../../lib/lookups-api.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { openModal } from '../../../stores/modal-slice.ts';
import { useStockInQuery, useStockOutQuery } from '../stock-api.ts';
import { LedgerEntryAction, LedgerStatusFilter, ledgerRowClass, useLedgerStatus } from './ledger-history.tsx';

/** Entradas and Saídas: the ledger of one direction, newest first, with filters. */
export function LedgerPage({ direction }: { direction: 'in' | 'out' }) {
  const isEntry = direction === 'in';
  const title = isEntry ? 'Entradas' : 'Saídas';
  usePageTitle(title);
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [product, setProduct] = useState<TProductSelectItem | null>(null);
  const [supplierId, setSupplierId] = useState('');
  const [status, setStatus] = useLedgerStatus();
  const { data: suppliers = [] } = useSuppliersSelectQuery(undefined, { skip: !isEntry });
  const params = {
    page,
    pageSize: 20,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(product ? { productId: product.id } : {}),
    ...(supplierId ? { supplierId: Number(supplierId) } : {}),
    status,
  };
  const entries = useStockInQuery(params, { skip: !isEntry });
  const exits = useStockOutQuery(params, { skip: isEntry });
  const { data, isFetching } = isEntry ? entries : exits;
  const filtered = Boolean(from || to || product || supplierId || status !== 'active');

  return (
    <TitleCard
      title={title}
      actions={
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() =>
            dispatch(
              openModal({
                title: isEntry ? 'Nova entrada de estoque' : 'Nova saída de estoque',
                bodyType: 'STOCK_MOVEMENT',
                size: 'lg',
                extraObject: { direction },
              }),
            )
          }
        >
          <Icon name="plus" className="h-4 w-4" />
          {isEntry ? 'Registrar entrada' : 'Registrar saída'}
        </button>
      }
    >
      <div className="mb-4 grid gap-2 md:grid-cols-5">
        <label className="fieldset">
          <span className="fieldset-legend">De</span>
          <input
            type="date"
            className="input input-sm"
            value={from}
            onChange={(e) => {
              setFrom(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="fieldset">
          <span className="fieldset-legend">Até</span>
          <input
            type="date"
            className="input input-sm"
            value={to}
            onChange={(e) => {
              setTo(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <ProductPicker
          label="Produto"
          value={product}
          onChange={(picked) => {
            setProduct(picked);
            setPage(1);
          }}
        />
        {isEntry ? (
          <label className="fieldset">
            <span className="fieldset-legend">Fornecedor</span>
            <select
              className="select select-sm"
              value={supplierId}
              onChange={(e) => {
                setSupplierId(e.target.value);
                setPage(1);
              }}
            >
              <option value="">Todos</option>
              {suppliers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({formatDocument(s.document)})
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <LedgerStatusFilter
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
      </div>
      {data && data.total === 0 ? (
        <EmptyState>
          {filtered
            ? 'Nenhum registro com esses filtros.'
            : isEntry
              ? 'Nenhuma entrada registrada ainda.'
              : 'Nenhuma saída registrada ainda.'}
        </EmptyState>
      ) : null}
      {data && data.total > 0 ? (
        <div className={`overflow-x-auto ${isFetching ? 'opacity-60' : ''}`}>
          <table className="table" data-testid="ledger-table">
            <thead>
              <tr>
                <th>Data</th>
                <th>Produto</th>
                <th>Unidade</th>
                <th className="text-right">Quantidade</th>
                <th className="text-right">Custo unit.</th>
                <th className="text-right">Total</th>
                <th>{isEntry ? 'Fornecedor' : 'Motivo'}</th>
                <th>Documento</th>
                <th>Por</th>
                <th>Ações</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((entry) => (
                <tr
                  key={entry.id}
                  className={ledgerRowClass(entry)}
                  data-cancelled={Boolean(entry.cancelledAt)}
                >
                  <td className="whitespace-nowrap">{formatDate(entry.occurredOn)}</td>
                  <td>
                    <span className="font-mono text-sm">{entry.product.sku}</span> {entry.product.name}
                  </td>
                  <td>{entry.productUnity.label}</td>
                  <td className="text-right whitespace-nowrap">
                    {formatQuantity(entry.quantity)}
                    <div className="text-base-content/60 text-xs">
                      {formatQuantity(entry.baseQuantity)} {entry.baseUnity}
                    </div>
                  </td>
                  <td className="text-right whitespace-nowrap">{formatMoney(entry.unitCost)}</td>
                  <td className="text-right whitespace-nowrap">{formatMoney(entry.totalCost)}</td>
                  <td>
                    {isEntry
                      ? (entry.supplier?.name ?? '—')
                      : entry.reason
                        ? STOCK_REASON_LABELS[entry.reason]
                        : '—'}
                  </td>
                  <td>{entry.document ?? '—'}</td>
                  <td>{entry.createdBy.name}</td>
                  <td>
                    <LedgerEntryAction entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={data.page} totalPages={data.totalPages} total={data.total} onChange={setPage} />
        </div>
      ) : null}
    </TitleCard>
  );
}
