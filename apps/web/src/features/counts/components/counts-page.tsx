import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { COUNT_STATUS_LABELS } from '@armazem/contracts/counts';
import { countLabel } from '@armazem/contracts/plural';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { FieldShell } from '../../../components/ui/field-shell.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { ExportMenu } from '../../../components/ui/export-menu.tsx';
import { CategorySelect } from '../../../components/ui/list-filters.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { featureMessages } from '../../../config/feature-messages.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useBusinessToday } from '../../../lib/business-today.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCountsQuery, useStartCountMutation } from '../counts-api.ts';
import { CountLocationSelect } from './location-select.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';

/** Start a count: its date (default today), an optional category, its location (when there is a choice) and a description. */
function StartCount() {
  const today = useBusinessToday();
  const [countedOn, setCountedOn] = useState(today);
  const [categoryId, setCategoryId] = useState('');
  const [locationId, setLocationId] = useState('');
  const [description, setDescription] = useState('');
  const [blind, setBlind] = useState(false);
  const [start, { isLoading }] = useStartCountMutation();
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await start({
      countedOn,
      description: description || null,
      categoryId: categoryId ? Number(categoryId) : null,
      locationId: locationId ? Number(locationId) : null,
      blind,
    });
    if ('data' in result && result.data) void navigate(`${paths.counts}/${result.data.id}`);
  };
  return (
    <form className="grid gap-3 sm:grid-cols-4 sm:items-end" onSubmit={(e) => void submit(e)}>
      <DateField label="Data da contagem" value={countedOn} max={today} onChange={setCountedOn} required />
      <FieldShell label="Categoria">
        {(control) => (
          <CategorySelect
            {...control}
            className="select w-full"
            value={categoryId}
            onChange={setCategoryId}
          />
        )}
      </FieldShell>
      <CountLocationSelect value={locationId} onChange={setLocationId} />
      <TextField
        label="Descrição"
        value={description}
        maxLength={2000}
        placeholder="Ex.: Balanço anual"
        onChange={setDescription}
      />
      <button type="submit" className="btn btn-primary" disabled={isLoading}>
        <Icon name="plus" className="h-4 w-4" /> Iniciar balanço
      </button>
      <label className="flex cursor-pointer items-start gap-2 sm:col-span-4">
        <input
          type="checkbox"
          className="checkbox"
          checked={blind}
          onChange={(e) => setBlind(e.target.checked)}
          data-testid="count-blind"
        />
        <span>
          {featureMessages.counts.blind}
          <span className="block text-xs">{featureMessages.counts.blindHint}</span>
        </span>
      </label>
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
      <TitleCard title="Balanços" actions={<ExportMenu path="/stock/counts/v1" params={{ order: 'desc' }} />}>
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
                {count.location.name} · {count.category?.name ?? 'Todas as categorias'} ·{' '}
                {count.itemsCounted === 0
                  ? 'nenhum produto contado'
                  : countLabel(count.itemsCounted, 'produto contado', 'produtos contados')}
                {count.description ? ` · ${count.description}` : ''} · por {count.createdBy.name} em{' '}
                {formatDateTime(count.createdAt)}
              </span>
            </li>
          ))}
        </ul>
        {data && data.totalPages > 1 ? (
          <Pagination page={page} totalPages={data.totalPages} total={data.total} onChange={setPage} />
        ) : null}
      </TitleCard>
    </div>
  );
}
