import { AUDIT_ACTION_LABELS, auditEntityLabel, type TAuditEntry } from '@armazem/contracts/audit';
import { AdminOnly } from '../../components/ui/no-access.tsx';
import type { Column } from '../../components/ui/data-table.tsx';
import { ExportMenu } from '../../components/ui/export-menu.tsx';
import { AuditChanges } from '../../components/ui/history-panel.tsx';
import { ListPage } from '../../components/ui/list-page.tsx';
import { featureMessages } from '../../config/feature-messages.ts';
import { useAuditTrailQuery } from '../../lib/audit-api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PAGE_SIZE, useListParams } from '../../lib/use-list-params.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { AuditFilters } from './audit-filters.tsx';

const text = featureMessages.audit;
const SORTS = [''] as const;

const columns: Array<Column<TAuditEntry, ''>> = [
  { key: 'at', header: text.when, cell: (entry) => formatDateTime(entry.at) },
  { key: 'user', header: text.who, cell: (entry) => entry.user?.name ?? text.system },
  { key: 'action', header: text.action, cell: (entry) => AUDIT_ACTION_LABELS[entry.action] ?? entry.action },
  {
    key: 'record',
    header: text.record,
    cell: (entry) => `${auditEntityLabel(entry.entity)}${entry.entityId ? ` nº ${entry.entityId}` : ''}`,
  },
  { key: 'changes', header: text.changes, cell: (entry) => <AuditChanges changes={entry.changes} /> },
];

/** Auditoria (admins): every change, newest first, filtered by record type, user and dates; exportable. */
export default function AuditPage() {
  return (
    <AdminOnly title={text.pageTitle} what="ver a auditoria">
      <AuditList />
    </AdminOnly>
  );
}

function AuditList() {
  usePageTitle(text.pageTitle);
  const list = useListParams<''>({ sort: '', order: 'desc', sorts: SORTS });
  const filters = Object.fromEntries(
    ['entity', 'userId', 'from', 'to'].map((name) => [name, list.get(name)]).filter(([, value]) => value),
  ) as Record<string, string>;
  const query = useAuditTrailQuery({ ...filters, page: list.page, pageSize: PAGE_SIZE });
  return (
    <ListPage
      title={text.listTitle}
      filters={<AuditFilters get={list.get} setFilter={list.setFilter} />}
      toolbar={<ExportMenu path="/audit/v1" params={filters} />}
      data={query.isError ? undefined : query.data}
      busy={query.isFetching}
      list={list}
      empty={text.empty}
      table={{
        columns,
        rowKey: (entry) => entry.id,
        rowTestId: (entry) => `audit-row-${entry.id}`,
        stacked: true,
      }}
    />
  );
}
