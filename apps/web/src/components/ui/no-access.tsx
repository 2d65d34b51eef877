import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * A screen the user may not use (DESIGN.md §6.7): it says so, and why, instead of sending them elsewhere. Lives in
 * the lazy pages that need it, not in the router: the /login bundle has no room for it.
 */
function NoAccess({ title, reason }: { title: string; reason: string }) {
  usePageTitle(title);
  return (
    <section
      className="card bg-base-100 mx-auto mt-6 max-w-xl p-6 shadow"
      role="alert"
      aria-labelledby="no-access"
    >
      <h2 id="no-access" className="text-xl font-semibold">
        Sem acesso
      </h2>
      <p className="mt-2">{reason}</p>
      <p className="text-base-content/70 mt-2 text-sm">
        Se precisar desta tela, peça a um administrador para mudar o seu perfil.
      </p>
      <Link className="link mt-4" to={paths.welcome}>
        Voltar para o Início
      </Link>
    </section>
  );
}

/** Renders `children` for admins only; anyone else sees why not. */
export function AdminOnly({ title, what, children }: { title: string; what: string; children: ReactNode }) {
  const role = useAppSelector((state) => state.auth.user?.role);
  if (role === 'admin') return children;
  return (
    <NoAccess title={title} reason={`Apenas administradores podem ${what}. Seu perfil é de operador.`} />
  );
}
