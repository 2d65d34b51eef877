import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useNotifications } from './use-notifications.ts';

export default function NotificationsPanel({ onNavigate }: { onNavigate: () => void }) {
  const { pendingUsers, loaded } = useNotifications();
  if (!loaded) return null;
  if (pendingUsers.length === 0) {
    return <p className="text-base-content/70">Nenhuma notificação. Tudo em dia!</p>;
  }
  return (
    <ul className="flex flex-col gap-3">
      {pendingUsers.map((user) => (
        <li key={user.id} className="card bg-base-200 p-4">
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
  );
}
