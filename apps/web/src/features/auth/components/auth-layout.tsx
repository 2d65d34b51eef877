import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="bg-base-200 flex min-h-screen items-center justify-center p-4">
      <div className="card bg-base-100 w-full max-w-4xl shadow-xl md:grid md:grid-cols-2">
        <div className="bg-primary text-primary-content hidden flex-col justify-center gap-4 rounded-l-box p-10 md:flex">
          <img src="/favicon.svg" alt="" className="h-14 w-14" />
          <h1 className="text-3xl font-bold">Armazém</h1>
          <p className="text-lg">
            Controle de estoque exato para o seu negócio: produtos, fornecedores, entradas, saídas e
            relatórios mensais.
          </p>
          <Link to={paths.documentation} className="link text-primary-content/90">
            Conheça o Armazém
          </Link>
        </div>
        <div className="p-8 md:p-10">
          <h2 className="mb-6 text-2xl font-semibold">{title}</h2>
          {children}
        </div>
      </div>
    </main>
  );
}
