import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { formatQuantity } from '../../lib/format.ts';
import { useNotifications } from './use-notifications.ts';

export default function NotificationsPanel({ onNavigate }: { onNavigate: () => void }) {
  const { pendingUsers, belowMinimum, loaded } = useNotifications();
  if (!loaded) return null;
  if (pendingUsers.length === 0 && belowMinimum.length === 0) {
    return <p className="text-base-content/70">Nenhuma notificação. Tudo em dia!</p>;
  }
  return (
    <div className="flex flex-col gap-6">
      {belowMinimum.length > 0 ? (
        <section>
          <h3 className="mb-2 font-semibold">Abaixo do estoque mínimo ({belowMinimum.length})</h3>
          <ul className="flex flex-col gap-2" data-testid="below-minimum-list">
            {belowMinimum.map((row) => (
              <li key={row.product.id} className="card bg-warning/15 p-3">
                <Link
                  to={`${paths.products}/${row.product.id}`}
                  onClick={onNavigate}
                  className="link link-hover font-medium"
                >
                  {row.product.sku} · {row.product.name}
                </Link>
                <span className="text-sm">
                  Saldo {formatQuantity(row.quantity)} {row.unity.code} · mínimo{' '}
                  {formatQuantity(row.minStock)} {row.unity.code}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {pendingUsers.length > 0 ? (
        <section>
          <h3 className="mb-2 font-semibold">Cadastros aguardando aprovação</h3>
          <ul className="flex flex-col gap-2">
            {pendingUsers.map((user) => (
              <li key={user.id} className="card bg-base-200 p-3">
                <p>
                  <strong>
                    {user.first_name} {user.last_name}
                  </strong>{' '}
                  ({user.email}) pediu acesso ao Armazém.
                </p>
                <Link to={paths.users} onClick={onNavigate} className="link link-primary mt-1 text-sm">
                  Revisar em Usuários
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
