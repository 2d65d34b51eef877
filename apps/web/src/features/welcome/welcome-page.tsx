import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { menu } from '../../config/menu.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Icon } from '../../components/ui/icon.tsx';

export default function WelcomePage() {
  usePageTitle('Início');
  const user = useAppSelector((state) => state.auth.user);
  const role = user?.role;
  const shortcuts = menu
    .flatMap((section) => section.items)
    .filter((item) => item.name !== 'Início' && (!item.adminOnly || role === 'admin'));
  return (
    <div className="flex flex-col gap-6">
      <TitleCard title={`Olá, ${user?.name.split(' ')[0] ?? ''}!`}>
        <p>Bem-vindo ao Armazém. Escolha por onde começar:</p>
        <div className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
          {shortcuts.map((item) => (
            <Link key={item.path} to={item.path} className="btn btn-outline h-auto justify-start gap-3 py-3">
              <Icon name={item.icon} />
              {item.name}
            </Link>
          ))}
        </div>
      </TitleCard>
    </div>
  );
}
