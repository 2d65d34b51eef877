import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { GuideContent } from './guide-content.tsx';

export default function DocumentationPage() {
  usePageTitle('Documentação');
  const session = useAppSelector((state) => state.auth.session);
  return (
    <main className="bg-base-200 min-h-screen p-4 md:p-10">
      <article className="prose-sm card bg-base-100 mx-auto max-w-4xl min-w-0 p-4 break-words shadow md:p-10">
        <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold">Guia do Armazém</h1>
          <Link to={session ? paths.welcome : paths.login} className="btn btn-primary btn-sm">
            {session ? 'Voltar ao sistema' : 'Entrar'}
          </Link>
        </header>

        <GuideContent />
      </article>
    </main>
  );
}
