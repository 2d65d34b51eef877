import { USER_SORTS, type TUserListItem } from '@armazem/contracts/auth';
import { AdminOnly } from '../../components/ui/no-access.tsx';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { ExportMenu } from '../../components/ui/export-menu.tsx';
import type { Column } from '../../components/ui/data-table.tsx';
import { ListPage } from '../../components/ui/list-page.tsx';
import { useListParams } from '../../lib/use-list-params.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { openModal } from '../../lib/modal.ts';
import { featureMessages } from '../../config/feature-messages.ts';
import { useUsersQuery } from '../../lib/users-api.ts';
import { ROLE_LABELS, STATUS_BADGES, STATUS_LABELS } from './user-labels.ts';
import type { UserChange } from './user-modals.ts';

/** '' is the server's own order: sign-ups waiting for approval first, then by name. */
const SORTS = ['', ...USER_SORTS] as const;
type UserSort = (typeof SORTS)[number];

const fullName = (user: TUserListItem) => `${user.first_name} ${user.last_name}`.trim();

type Confirm = (user: TUserListItem, title: string, change: UserChange) => void;

/** The user list's columns; every change asks first (`confirm`), and no one changes their own role or access. */
function userColumns(
  meId: number | undefined,
  confirm: Confirm,
  history: (user: TUserListItem) => void,
): Array<Column<TUserListItem, UserSort>> {
  return [
    { key: 'name', header: 'Nome', sort: 'name', cell: fullName },
    { key: 'email', header: 'E-mail', sort: 'email', cell: (user) => user.email },
    {
      key: 'role',
      header: 'Perfil',
      sort: 'role',
      cell: (user) => (
        <select
          className="select select-sm w-40"
          aria-label={`Perfil de ${user.email}`}
          value={user.role}
          disabled={user.id === meId}
          onChange={(event) => {
            const role = event.target.value === 'admin' ? 'admin' : 'operator';
            // the select keeps showing the saved role until the change is confirmed
            event.target.value = user.role;
            confirm(user, 'Mudar perfil', { role });
          }}
        >
          {Object.entries(ROLE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      ),
    },
    {
      key: 'status',
      header: 'Situação',
      sort: 'status',
      cell: (user) => (
        <span className={`badge ${STATUS_BADGES[user.status]}`}>{STATUS_LABELS[user.status]}</span>
      ),
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      cell: (user) => (
        <div className="flex justify-end gap-1">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={`${featureMessages.audit.historyTitle} de ${fullName(user)}`}
            onClick={() => history(user)}
          >
            {featureMessages.audit.historyTitle}
          </button>
          {user.status !== 'active' ? (
            <button
              type="button"
              className="btn btn-success btn-sm"
              onClick={() => confirm(user, 'Aprovar acesso', { status: 'active' })}
            >
              {user.status === 'pending' ? 'Aprovar' : 'Reativar'}
            </button>
          ) : user.id !== meId ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => confirm(user, 'Desativar acesso', { status: 'disabled' })}
            >
              Desativar
            </button>
          ) : null}
        </div>
      ),
    },
  ];
}

/** Usuários (admins): an operator who opens it is told so, not sent elsewhere (DESIGN.md §6.7). */
export default function UsersPage() {
  return (
    <AdminOnly title="Usuários" what="ver, aprovar e alterar usuários">
      <UsersList />
    </AdminOnly>
  );
}

function UsersList() {
  usePageTitle('Usuários');
  const dispatch = useAppDispatch();
  const me = useAppSelector((state) => state.auth.user);
  const list = useListParams<UserSort>({ sort: '', order: 'asc', sorts: SORTS });
  const users = useUsersQuery({
    page: list.page,
    per_page: 20,
    ...(list.sort ? { sort: list.sort, order: list.order } : {}),
  });
  const data = users.isError ? undefined : users.data;

  const confirm = (user: TUserListItem, title: string, change: UserChange) =>
    dispatch(
      openModal('USER_STATUS_CONFIRMATION', { userId: user.id, name: fullName(user), change }, { title }),
    );

  const history = (user: TUserListItem) =>
    dispatch(
      openModal(
        'USER_HISTORY',
        { userId: user.id },
        { title: `${featureMessages.audit.historyTitle}: ${fullName(user)}` },
      ),
    );
  const columns = userColumns(me?.id, confirm, history);

  return (
    <ListPage
      title="Usuários"
      toolbar={<ExportMenu path="/users" params={list.sort ? { sort: list.sort, order: list.order } : {}} />}
      data={data && { ...data, totalPages: data.total_pages }}
      busy={users.isFetching}
      list={list}
      table={{
        columns,
        rowKey: (user) => user.id,
        rowTestId: (user) => `user-row-${user.email}`,
        zebra: false,
        stacked: true,
      }}
    />
  );
}
