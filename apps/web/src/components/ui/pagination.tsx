import { countLabel } from '@armazem/contracts/plural';
interface PaginationProps {
  page: number;
  totalPages: number;
  total: number;
  onChange: (page: number) => void;
}

export function Pagination({ page, totalPages, total, onChange }: PaginationProps) {
  return (
    <nav className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm" aria-label="Paginação">
      <span className="text-base-content/70">{countLabel(total, 'registro', 'registros')}</span>
      <div className="join">
        <button
          type="button"
          className="join-item btn btn-sm"
          disabled={page <= 1}
          onClick={() => onChange(page - 1)}
        >
          Anterior
        </button>
        <span className="join-item btn btn-sm pointer-events-none">
          Página {page} de {Math.max(totalPages, 1)}
        </span>
        <button
          type="button"
          className="join-item btn btn-sm"
          disabled={page >= totalPages}
          onClick={() => onChange(page + 1)}
        >
          Próxima
        </button>
      </div>
    </nav>
  );
}
