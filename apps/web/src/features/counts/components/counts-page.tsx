import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { COUNT_STATUS_LABELS } from '@armazem/contracts/counts';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useBusinessToday } from '../../../lib/business-today.ts';
import { useCategoriesQuery } from '../../../lib/lookups-api.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { countUrls, useCountsQuery, useStartCountMutation } from '../counts-api.ts';

/** Start a count: its date (default today), an optional category and a description. */
function StartCount() {
  const today = useBusinessToday();
  const [countedOn, setCountedOn] = useState(today);
  const [categoryId, setCategoryId] = useState('');
  const [description, setDescription] = useState('');
  const { data: categories = [] } = useCategoriesQuery();
  const [start, { isLoading }] = useStartCountMutation();
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await start({
      countedOn,
      description: description || null,
      categoryId: categoryId ? Number(categoryId) : null,
    });
    if ('data' in result && result.data) void navigate(`${paths.counts}/${result.data.id}`);
  };
  return (
    <form className="grid gap-3 sm:grid-cols-4 sm:items-end" onSubmit={(e) => void submit(e)}>
      <label className="form-control">
        <span className="label-text">Data da contagem</span>
        <input
          type="date"
          className="input input-bordered w-full"
          value={countedOn}
          max={today}
          onChange={(e) => setCountedOn(e.target.value)}
          required
        />
      </label>
      <label className="form-control">
        <span className="label-text">Categoria</span>
        <select
          className="select select-bordered w-full"
          value={categoryId}
          onChange={(e) => setCategoryId(e.target.value)}
        >
          <option value="">Todas as categorias</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
      <label className="form-control">
        <span className="label-text">Descrição</span>
        <input
          className="input input-bordered w-full"
          value={description}
          maxLength={2000}
          placeholder="Ex.: Balanço anual"
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-primary" disabled={isLoading}>
        <Icon name="plus" className="h-4 w-4" /> Iniciar balanço
      </button>
    </form>
  );
}

export default function CountsPage() {
  usePageTitle('Balanço');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useCountsQuery({ page });
  return (
    <div className="grid gap-4">
      <TitleCard title="Novo balanço">
        <StartCount />
      </TitleCard>
      <TitleCard
        title="Balanços"
        actions={
          <>
            <a className="btn btn-sm" href={countUrls.export('xlsx')} download>
              <Icon name="download" className="h-4 w-4" /> XLSX
            </a>
            <a className="btn btn-sm" href={countUrls.export('csv')} download>
              <Icon name="download" className="h-4 w-4" /> CSV
            </a>
          </>
        }
      >
        {data && data.data.length === 0 ? <p>Nenhum balanço ainda. Inicie um acima.</p> : null}
        <ul className="grid gap-2" aria-busy={isFetching}>
          {data?.data.map((count) => (
            <li
              key={count.id}
              className="border-base-300 rounded-box flex flex-wrap items-center gap-2 border p-3"
            >
              <Link className="link link-primary font-semibold" to={`${paths.counts}/${count.id}`}>
                Balanço nº {count.id} — {formatDate(count.countedOn)}
              </Link>
              <span className="badge">{COUNT_STATUS_LABELS[count.status]}</span>
              <span className="text-sm opacity-80">
                {count.category?.name ?? 'Todas as categorias'} · {count.itemsCounted} contados
                {count.description ? ` · ${count.description}` : ''} · por {count.createdBy.name} em{' '}
                {formatDateTime(count.createdAt)}
              </span>
            </li>
          ))}
        </ul>
        {data && data.totalPages > 1 ? (
          <div className="join mt-3">
            <button className="join-item btn btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Anterior
            </button>
            <span className="join-item btn btn-sm btn-disabled">
              {page} de {data.totalPages}
            </span>
            <button
              className="join-item btn btn-sm"
              disabled={page >= data.totalPages}
              onClick={() => setPage(page + 1)}
            >
              Próxima
            </button>
          </div>
        ) : null}
      </TitleCard>
    </div>
  );
}
