import { AUDIT_ENTITY_LABELS } from '@armazem/contracts/audit';
import { featureMessages } from '../../config/feature-messages.ts';
import { useUsersQuery } from '../../lib/users-api.ts';
import { DateField } from '../../components/ui/date-field.tsx';

const text = featureMessages.audit;

interface FilterProps {
  get: (name: string) => string;
  setFilter: (name: string, value: string | null) => void;
}

/** Auditoria's filters (record type, user, dates), each kept in the URL. */
export function AuditFilters({ get, setFilter }: FilterProps) {
  const { data: users } = useUsersQuery({ page: 1, per_page: 100 });
  return (
    <>
      <select
        className="select select-sm w-auto"
        aria-label={text.entityFilter}
        data-testid="audit-entity-filter"
        value={get('entity')}
        onChange={(e) => setFilter('entity', e.target.value)}
      >
        <option value="">{text.anyEntity}</option>
        {Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <select
        className="select select-sm w-auto"
        aria-label={text.userFilter}
        value={get('userId')}
        onChange={(e) => setFilter('userId', e.target.value)}
      >
        <option value="">{text.anyUser}</option>
        {users?.data.map((user) => (
          <option key={user.id} value={user.id}>
            {`${user.first_name} ${user.last_name}`.trim()}
          </option>
        ))}
      </select>
      <DateField
        label={text.from}
        className="w-36 py-0"
        small
        value={get('from')}
        onChange={(date) => setFilter('from', date)}
      />
      <DateField
        label={text.to}
        className="w-36 py-0"
        small
        value={get('to')}
        onChange={(date) => setFilter('to', date)}
      />
    </>
  );
}
