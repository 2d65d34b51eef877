import { useState } from 'react';
import type { TNfeReceipt } from '@armazem/contracts/nfe';
import { useAppDispatch } from '../../../app/hooks.ts';
import type { Column } from '../../../components/ui/data-table.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { pageQuery, useListParams, useSearchText } from '../../../lib/use-list-params.ts';
import { ExportMenu } from '../../../components/ui/export-menu.tsx';
import { SupplierFilter } from '../../../components/ui/list-filters.tsx';
import { messages } from '../../../config/messages.ts';
import { openModal } from '../../../lib/modal.ts';
import { nfeUrls, useNfeReceiptsQuery } from '../nfe-api.ts';
import { NfeReceiptDetail } from './nfe-receipt-detail.tsx';
import { PermittedButton } from '../../../components/ui/permitted-button.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';

const SORTS = ['createdAt'] as const;

const SITUATIONS = ['imported', 'undone', 'all'] as const;

function receiptColumns(
  open: number | null,
  setOpen: (id: number | null) => void,
  undo: (receipt: TNfeReceipt) => void,
): Array<Column<TNfeReceipt, (typeof SORTS)[number]>> {
  return [
    { key: 'number', header: 'Número', cell: (r) => `${r.number}/${r.series}` },
    { key: 'supplier', header: 'Fornecedor', cell: (r) => r.supplier.name },
    {
      key: 'occurredOn',
      header: 'Entrada',
      className: 'whitespace-nowrap',
      cell: (r) => formatDate(r.occurredOn),
    },
    { key: 'value', header: 'Valor', align: 'right', cell: (r) => formatMoney(r.invoiceTotal) },
    { key: 'items', header: 'Itens', align: 'right', cell: (r) => r.entries },
    {
      key: 'who',
      header: 'Importada por',
      sort: 'createdAt',
      cell: (r) => `${r.createdBy.name}, ${formatDateTime(r.createdAt)}`,
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (r) => (
        <>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => setOpen(open === r.id ? null : r.id)}
          >
            {open === r.id ? 'Fechar' : 'Ver'}
          </button>
          <a
            className="btn btn-ghost btn-sm"
            href={nfeUrls.xml(r.id)}
            download
            aria-label={`Baixar o XML da NF-e ${r.number}`}
          >
            <Icon name="download" className="h-4 w-4" />
          </a>
          {r.undoneAt ? (
            <span className="badge badge-ghost">Desfeita em {formatDateTime(r.undoneAt)}</span>
          ) : (
            <PermittedButton
              action="nfe.undo"
              className="btn btn-ghost btn-sm text-error"
              onClick={() => undo(r)}
            >
              Desfazer
            </PermittedButton>
          )}
        </>
      ),
    },
  ];
}

/** Entry date range and supplier, kept in the URL like every list's filters. */
function ReceiptFilters({ list }: { list: ReturnType<typeof useListParams<(typeof SORTS)[number]>> }) {
  return (
    <>
      <DateField
        label="Entrada de"
        small
        value={list.get('from')}
        onChange={(date) => list.setFilter('from', date)}
      />
      <DateField label="até" small value={list.get('to')} onChange={(date) => list.setFilter('to', date)} />
      <SupplierFilter value={list.get('supplierId')} onChange={(id) => list.setFilter('supplierId', id)} />
      <select
        className="select select-sm w-auto self-end"
        aria-label="Situação"
        data-testid="nfe-situation-filter"
        value={list.get('situation') || 'imported'}
        onChange={(e) => list.setFilter('situation', e.target.value === 'imported' ? null : e.target.value)}
      >
        <option value="imported">Importadas</option>
        <option value="undone">Desfeitas</option>
        <option value="all">Todas</option>
      </select>
    </>
  );
}

/** The received notes, newest first: number, supplier, date, value, items, who; detail, XML and undo. */
export function NfeReceiptsList() {
  const dispatch = useAppDispatch();
  const list = useListParams({ sort: 'createdAt', order: 'desc', sorts: SORTS });
  const search = useSearchText(list);
  const [open, setOpen] = useState<number | null>(null);
  const from = list.get('from');
  const to = list.get('to');
  const supplierId = list.get('supplierId');
  const rangeInverted = Boolean(from && to && from > to);
  const params = pageQuery(list, {
    q: search.q || undefined,
    from,
    to,
    supplierId: supplierId ? Number(supplierId) : undefined,
    situation: SITUATIONS.find((s) => s === list.get('situation')) ?? 'imported',
  });
  const { data } = useNfeReceiptsQuery(params, { skip: rangeInverted });
  const undo = (receipt: TNfeReceipt) =>
    dispatch(
      openModal(
        'NFE_UNDO',
        { id: receipt.id, label: `NF-e ${receipt.number}/${receipt.series}` },
        { title: 'Desfazer recebimento' },
      ),
    );
  const columns = receiptColumns(open, setOpen, undo);
  return (
    <ListPage
      title="Notas recebidas"
      toolbar={<ExportMenu path="/stock/nfe/v1" params={params} />}
      filters={
        <>
          <SearchInput
            value={search.text}
            onChange={search.setText}
            placeholder="Buscar por número ou chave"
          />
          <ReceiptFilters list={list} />
          {rangeInverted ? (
            <p role="alert" className="text-error text-sm">
              {messages.invertedDateRange}
            </p>
          ) : null}
        </>
      }
      data={data}
      busy={false}
      list={list}
      empty="Nenhuma nota recebida."
      table={{ testId: 'nfe-table', columns, rowKey: (r) => r.id, zebra: false }}
      below={
        open ? (
          <div className="mt-6">
            <NfeReceiptDetail id={open} />
          </div>
        ) : null
      }
    />
  );
}
