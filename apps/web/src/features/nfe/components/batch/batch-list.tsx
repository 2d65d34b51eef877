import { useState } from 'react';
import type { TBatch } from '@armazem/contracts/document-batches';
import { useAppDispatch } from '../../../../app/hooks.ts';
import type { Column } from '../../../../components/ui/data-table.tsx';
import { ListPage } from '../../../../components/ui/list-page.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { openModal } from '../../../../lib/modal.ts';
import { BATCHES_HEADING, useDocumentBatchesQuery } from '../../nfe-api.ts';
import { BatchDetailView } from './batch-detail.tsx';
import { PermittedButton } from '../../../../components/ui/permitted-button.tsx';

function batchColumns(
  open: number | null,
  setOpen: (id: number | null) => void,
  undo: (batch: TBatch) => void,
): Array<Column<TBatch>> {
  return [
    {
      key: 'createdAt',
      header: 'Data',
      className: 'whitespace-nowrap',
      cell: (b) => formatDateTime(b.createdAt),
    },
    { key: 'file', header: 'Arquivo', className: 'min-w-40 break-words', cell: (b) => b.fileName },
    {
      key: 'documents',
      header: 'Documentos',
      align: 'right',
      cell: (b) => b.documents.toLocaleString('pt-BR'),
    },
    { key: 'posted', header: 'Lançados', align: 'right', cell: (b) => b.posted.toLocaleString('pt-BR') },
    { key: 'who', header: 'Importado por', cell: (b) => b.createdBy.name },
    {
      key: 'status',
      header: 'Situação',
      cell: (b) =>
        b.undoneAt ? (
          <span className="badge badge-ghost whitespace-nowrap">
            Desfeito em {formatDateTime(b.undoneAt)}
          </span>
        ) : (
          <span className="badge badge-success">Lançado</span>
        ),
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (b) => (
        <>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-expanded={open === b.id}
            aria-label={`${open === b.id ? 'Fechar' : 'Ver'} o lote ${b.id}`}
            onClick={() => setOpen(open === b.id ? null : b.id)}
          >
            {open === b.id ? 'Fechar' : 'Ver'}
          </button>
          {b.undoneAt ? null : (
            <PermittedButton
              action="batch.undo"
              className="btn btn-ghost btn-sm text-error"
              onClick={() => undo(b)}
            >
              Desfazer lote
            </PermittedButton>
          )}
        </>
      ),
    },
  ];
}

/** The batches imported, newest first: date, file, documents, posted, who, status; detail and undo. */
export function BatchList() {
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const { data, isFetching } = useDocumentBatchesQuery({ page, pageSize: 20 });
  const undo = (batch: TBatch) =>
    dispatch(
      openModal(
        'NFE_BATCH_UNDO',
        { id: batch.id, label: `${batch.fileName} (${batch.posted.toLocaleString('pt-BR')} lançados)` },
        { title: 'Desfazer lote' },
      ),
    );
  return (
    <ListPage
      title="Lotes importados"
      headingId={BATCHES_HEADING}
      data={data}
      busy={isFetching}
      list={{ sort: 'createdAt', order: 'desc', toggleSort: () => undefined, setPage }}
      empty="Nenhum lote importado."
      table={{
        testId: 'batch-table',
        columns: batchColumns(open, setOpen, undo),
        rowKey: (b) => b.id,
        zebra: false,
      }}
      below={
        open ? (
          <div className="mt-6">
            <BatchDetailView id={open} />
          </div>
        ) : null
      }
    />
  );
}
