import { useState } from 'react';
import type { TUserListItem } from '@armazem/contracts/auth';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Pagination } from '../../components/ui/pagination.tsx';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { openModal } from '../../stores/modal-slice.ts';
import { useUpdateUserMutation, useUsersQuery } from './users-api.ts';
import { ROLE_LABELS, STATUS_BADGES, STATUS_LABELS } from './user-labels.ts';

export default function UsersPage() {
  usePageTitle('Usuários');
  const dispatch = useAppDispatch();
  const me = useAppSelector((state) => state.auth.user);
  const [page, setPage] = useState(1);
  const { data, isLoading } = useUsersQuery({ page, per_page: 20 });
  const [updateUser] = useUpdateUserMutation();

  const confirmStatus = (user: TUserListItem, status: 'active' | 'disabled') =>
    dispatch(
      openModal({
        title: status === 'active' ? 'Aprovar acesso' : 'Desativar acesso',
        bodyType: 'USER_STATUS_CONFIRMATION',
        extraObject: { userId: user.id, name: `${user.first_name} ${user.last_name}`.trim(), status },
      }),
    );

  return (
    <TitleCard title="Usuários">
      {isLoading || !data ? null : (
        <div className="overflow-x-auto">
          <table className="table">
            <thead>
              <tr>
                <th>Nome</th>
                <th>E-mail</th>
                <th>Perfil</th>
                <th>Situação</th>
                <th className="text-right">Ações</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((user) => (
                <tr key={user.id} data-testid={`user-row-${user.email}`}>
                  <td>
                    {user.first_name} {user.last_name}
                  </td>
                  <td>{user.email}</td>
                  <td>
                    <select
                      className="select select-sm"
                      aria-label={`Perfil de ${user.email}`}
                      value={user.role}
                      disabled={user.id === me?.id}
                      onChange={(event) =>
                        void updateUser({
                          userId: user.id,
                          data: { role: event.target.value as 'admin' | 'operator' },
                        })
                      }
                    >
                      {Object.entries(ROLE_LABELS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <span className={`badge ${STATUS_BADGES[user.status]}`}>
                      {STATUS_LABELS[user.status]}
                    </span>
                  </td>
                  <td className="text-right">
                    {user.status !== 'active' ? (
                      <button
                        type="button"
                        className="btn btn-success btn-sm"
                        onClick={() => confirmStatus(user, 'active')}
                      >
                        {user.status === 'pending' ? 'Aprovar' : 'Reativar'}
                      </button>
                    ) : user.id !== me?.id ? (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() => confirmStatus(user, 'disabled')}
                      >
                        Desativar
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={data.page} totalPages={data.total_pages} total={data.total} onChange={setPage} />
        </div>
      )}
    </TitleCard>
  );
}
