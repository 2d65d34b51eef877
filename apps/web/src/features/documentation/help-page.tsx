import { TitleCard } from '../../components/ui/title-card.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { GuideContent } from './guide-content.tsx';

/** "Ajuda" inside the app: the same guide as /documentation, without leaving the menu. */
export default function HelpPage() {
  usePageTitle('Ajuda');
  return (
    <TitleCard title="Guia do Armazém">
      <article className="prose-sm max-w-4xl">
        <GuideContent />
      </article>
    </TitleCard>
  );
}
