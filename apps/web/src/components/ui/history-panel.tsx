import { useState } from 'react';
import {
  AUDIT_ACTION_LABELS,
  auditFieldLabel,
  auditValueText,
  type TAuditChange,
  type TAuditEntry,
} from '@armazem/contracts/audit';
import { featureMessages } from '../../config/feature-messages.ts';
import { useAuditTrailQuery } from '../../lib/audit-api.ts';
import { formatDateTime } from '../../lib/format.ts';

const text = featureMessages.audit;

/** What changed in one entry: "Nome: Antigo → Novo", one line per field. */
export function AuditChanges({ changes }: { changes: readonly TAuditChange[] }) {
  if (changes.length === 0) return <span className="text-base-content/60">{text.noChanges}</span>;
  return (
    <ul className="space-y-0.5">
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-medium">{auditFieldLabel(change.field)}:</span>{' '}
          {change.before !== null ? (
            <del className="text-base-content/70">{auditValueText(change.before)}</del>
          ) : null}
          {change.before !== null && change.after !== null ? ' → ' : null}
          {change.after !== null ? <ins className="no-underline">{auditValueText(change.after)}</ins> : null}
        </li>
      ))}
    </ul>
  );
}

function HistoryItem({ entry }: { entry: TAuditEntry }) {
  return (
    <li className="border-base-300 border-l-2 pl-3" data-testid="history-entry">
      <p className="text-sm">
        <span className="font-semibold">{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</span>
        {' · '}
        {entry.user?.name ?? text.system}
        {' · '}
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </p>
      <div className="text-sm">
        <AuditChanges changes={entry.changes} />
      </div>
    </li>
  );
}

/**
 * "Histórico" of one record (product, supplier, NF-e, count, month, user…): who, when, what changed (before →
 * after), newest first, from the audit trail. Every record screen shows it.
 */
export function HistoryPanel({
  entity,
  entityId,
  title = text.historyTitle,
}: {
  entity: string;
  entityId: string | number;
  title?: string;
}) {
  const [pageSize, setPageSize] = useState(10);
  const { data, isFetching } = useAuditTrailQuery({ entity, entityId: String(entityId), pageSize });
  return (
    <section aria-label={title} className="space-y-2" data-testid="history-panel" aria-busy={isFetching}>
      <h3 className="font-semibold">{title}</h3>
      {data && data.total === 0 ? <p className="text-base-content/70 text-sm">{text.historyEmpty}</p> : null}
      <ol className="space-y-3">
        {data?.data.map((entry) => (
          <HistoryItem key={entry.id} entry={entry} />
        ))}
      </ol>
      {data && data.total > data.data.length && pageSize < 100 ? (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setPageSize(100)}>
          {text.historyMore}
        </button>
      ) : null}
    </section>
  );
}
