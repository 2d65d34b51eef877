import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

export default function NotFoundPage() {
  usePageTitle('Página não encontrada');
  return (
    <div className="hero min-h-[60vh]">
      <div className="hero-content text-center">
        <div>
          <h2 className="text-5xl font-bold">404</h2>
          <p className="py-4">Página não encontrada.</p>
          <Link to={paths.welcome} className="btn btn-primary">
            Voltar ao início
          </Link>
        </div>
      </div>
    </div>
  );
}
