import { useMemo, useState } from 'react';
import type { TBatchDocument, TDocumentStatus } from '@armazem/contracts/document-batches';
import type { Column } from '../../../../components/ui/data-table.tsx';
import { Pagination } from '../../../../components/ui/pagination.tsx';
import { formatDate, formatMoney, maskDocument } from '../../../../lib/format.ts';
import { documentLabel, modelLabel, STATUS_LABEL_ONE, STATUS_LABELS, STATUSES } from '../../batch-choices.ts';
import { NoteTable } from '../note-table.tsx';

/** One page of the table: 5,000 documents stay fast because only these are drawn. */
const PAGE_SIZE = 50;

const BADGE: Record<TDocumentStatus, string> = {
  new: 'badge-success',
  'already-imported': 'badge-ghost',
  cancelled: 'badge-warning',
  'not-ours': 'badge-ghost',
  error: 'badge-error',
};

const COLUMNS: Array<Column<TBatchDocument>> = [
  { key: 'number', header: 'Número/série', className: 'whitespace-nowrap', cell: documentLabel },
  { key: 'model', header: 'Modelo', className: 'whitespace-nowrap', cell: modelLabel },
  {
    key: 'participant',
    header: 'Participante',
    cell: (d) =>
      d.participant ? (
        <>
          {d.participant.name}
          {/* an NFC-e to an unnamed consumer carries no document (or zeros): nothing to show under the name */}
          {/[1-9A-Z]/.test(d.participant.document) ? (
            <span className="text-base-content/70 block text-xs">{maskDocument(d.participant.document)}</span>
          ) : null}
        </>
      ) : (
        'Consumidor final'
      ),
  },
  { key: 'date', header: 'Data', className: 'whitespace-nowrap', cell: (d) => formatDate(d.issuedOn) },
  {
    key: 'total',
    header: 'Total',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (d) => formatMoney(d.invoiceTotal),
  },
  {
    key: 'status',
    header: 'Situação',
    cell: (d) => (
      <span className={`badge ${BADGE[d.status]} whitespace-nowrap`}>{STATUS_LABEL_ONE[d.status]}</span>
    ),
  },
  {
    key: 'reason',
    header: 'Motivo',
    className: 'min-w-48',
    cell: (d) => [d.reason, ...d.warnings].filter(Boolean).join(' · ') || '—',
  },
];

/** The documents of the upload, filtered by status, one page at a time. */
export function BatchDocuments({ documents }: { documents: TBatchDocument[] }) {
  const [status, setStatus] = useState<TDocumentStatus | ''>('');
  const [page, setPage] = useState(1);
  const shown = useMemo(
    () => (status ? documents.filter((d) => d.status === status) : documents),
    [documents, status],
  );
  const totalPages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const rows = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  return (
    <section className="flex flex-col gap-2" aria-labelledby="batch-documents-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="batch-documents-title" className="text-lg font-semibold">
          Documentos
        </h3>
        <label className="fieldset">
          <span className="fieldset-legend">Mostrar</span>
          <select
            className="select select-sm"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as TDocumentStatus | '');
              setPage(1);
            }}
          >
            <option value="">Todos</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <NoteTable
        label="Documentos do lote"
        testId="batch-documents"
        columns={COLUMNS}
        rows={rows}
        rowKey={(d) => `${d.file}\u0000${d.accessKey ?? ''}`}
      />
      <Pagination page={current} totalPages={totalPages} total={shown.length} onChange={setPage} />
    </section>
  );
}
