import type { TBatchDetail } from '@armazem/contracts/document-batches';
import type { Column } from '../../../../components/ui/data-table.tsx';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { STATUS_LABEL_ONE } from '../../batch-choices.ts';
import { useDocumentBatchQuery } from '../../nfe-api.ts';
import { NoteTable } from '../note-table.tsx';

type Receipt = TBatchDetail['receipts'][number];
type Skipped = TBatchDetail['skippedDocuments'][number];

const RECEIPT_COLUMNS: Array<Column<Receipt>> = [
  { key: 'document', header: 'Documento', className: 'whitespace-nowrap', cell: (r) => r.document },
  { key: 'participant', header: 'Participante', cell: (r) => r.participant.name },
  { key: 'issuedAt', header: 'Emissão', className: 'whitespace-nowrap', cell: (r) => formatDate(r.issuedAt) },
  {
    key: 'occurredOn',
    header: 'Movimentação',
    className: 'whitespace-nowrap',
    cell: (r) => formatDate(r.occurredOn),
  },
  {
    key: 'invoiceTotal',
    header: 'Total da nota',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (r) => formatMoney(r.invoiceTotal),
  },
  {
    key: 'totalCost',
    header: 'Custo',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (r) => formatMoney(r.totalCost),
  },
];

const statusText = (status: string) =>
  (STATUS_LABEL_ONE as Record<string, string | undefined>)[status] ?? status;

const SKIPPED_COLUMNS: Array<Column<Skipped>> = [
  { key: 'file', header: 'Arquivo', className: 'break-all', cell: (s) => s.file },
  { key: 'key', header: 'Chave', className: 'break-all', cell: (s) => s.accessKey ?? '—' },
  { key: 'status', header: 'Situação', cell: (s) => statusText(s.status) },
  { key: 'reason', header: 'Motivo', cell: (s) => s.reason ?? '—' },
];

/** One batch: the documents it posted (receipts) and those it skipped, with why. */
export function BatchDetailView({ id }: { id: number }) {
  const { data, isLoading } = useDocumentBatchQuery(id);
  if (isLoading || !data) return <p role="status">Carregando...</p>;
  return (
    <div className="flex flex-col gap-4" data-testid="batch-detail">
      <h3 className="text-lg font-semibold">
        Lote {data.id}: {data.fileName}
      </h3>
      {data.receipts.length > 0 ? (
        <NoteTable
          label={`Documentos lançados pelo lote ${data.id}`}
          columns={RECEIPT_COLUMNS}
          rows={data.receipts}
          rowKey={(r) => r.id}
        />
      ) : (
        <p className="text-sm">Nenhum documento lançado.</p>
      )}
      {data.skippedDocuments.length > 0 ? (
        <NoteTable
          label={`Documentos não lançados pelo lote ${data.id}`}
          columns={SKIPPED_COLUMNS}
          rows={data.skippedDocuments}
          rowKey={(s) => `${s.file}\u0000${s.accessKey ?? ''}`}
        />
      ) : null}
    </div>
  );
}
