import { useLocation } from 'react-router';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { PAGE_TITLES } from '../../config/menu.ts';
import { messages } from '../../config/messages.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

export default function ComingSoonPage() {
  const { pathname } = useLocation();
  const title = PAGE_TITLES[pathname] ?? 'Em construção';
  usePageTitle(title);
  return (
    <TitleCard title={title}>
      <div role="status" className="alert alert-info">
        {messages.comingSoon}
      </div>
    </TitleCard>
  );
}
