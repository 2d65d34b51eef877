import { useCallback, useState } from 'react';
import type { TBatchUnmatched } from '@armazem/contracts/document-batches';
import { countLabel } from '@armazem/contracts/plural';
import type { Column } from '../../../../components/ui/data-table.tsx';
import { Pagination } from '../../../../components/ui/pagination.tsx';
import { formatQuantity, maskDocument } from '../../../../lib/format.ts';
import { useCategoriesQuery, useUnitiesQuery } from '../../../../lib/lookups-api.ts';
import { createChoice, isChosen, unmatchedKey, type UnmatchedChoice } from '../../batch-choices.ts';
import { IdSelect } from '../id-select.tsx';
import { NoteTable } from '../note-table.tsx';
import { UnmatchedChoiceCell } from './batch-unmatched-choice.tsx';

const PAGE_SIZE = 50;

type Choices = ReadonlyMap<string, UnmatchedChoice>;
type SetChoice = (key: string, choice: UnmatchedChoice | null) => void;

/**
 * Every code still without a product becomes a new product at once: one category and one base unit for all, SKU as
 * proposed, name from the description without the supplier's codes (each stays editable in its row).
 */
function BulkCreate({
  groups,
  choices,
  onCreate,
}: {
  groups: TBatchUnmatched[];
  choices: Choices;
  onCreate: (created: Map<string, UnmatchedChoice>) => void;
}) {
  const { data: categories = [] } = useCategoriesQuery({ status: 'active' });
  const { data: unities = [] } = useUnitiesQuery({ status: 'active' });
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [baseUnityId, setBaseUnityId] = useState<number | null>(null);
  const base = baseUnityId ?? unities.find((u) => u.code === 'UN')?.id ?? null;
  const pending = groups.filter((group) => !isChosen(choices.get(unmatchedKey(group))));
  if (pending.length === 0) return null;
  const run = () => {
    if (!categoryId || !base) return;
    onCreate(
      new Map(pending.map((g) => [unmatchedKey(g), createChoice(g, { categoryId, baseUnityId: base })])),
    );
  };
  return (
    <div className="bg-base-200 flex flex-wrap items-end gap-3 rounded p-3" data-testid="batch-bulk-create">
      <p className="w-full text-sm">
        {countLabel(pending.length, 'código sem produto', 'códigos sem produto')}: crie todos de uma vez com a
        mesma categoria e unidade base (SKU proposto, nome tirado da descrição).
      </p>
      <IdSelect
        label="Categoria dos novos produtos"
        value={categoryId}
        options={categories.map((c) => ({ id: c.id, text: c.name }))}
        onChange={setCategoryId}
      />
      <IdSelect
        label="Unidade base dos novos produtos"
        value={base}
        options={unities.map((u) => ({ id: u.id, text: `${u.code} — ${u.name}` }))}
        onChange={setBaseUnityId}
      />
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={!categoryId || !base}
        onClick={run}
      >
        Criar todos como produtos novos
      </button>
    </div>
  );
}

function unmatchedColumns(choices: Choices, setChoice: SetChoice): Array<Column<TBatchUnmatched>> {
  return [
    {
      key: 'issuer',
      header: 'Emitente',
      className: 'align-top',
      cell: (g) => (
        <>
          {g.issuerName}
          <span className="text-base-content/70 block text-xs">{maskDocument(g.issuer)}</span>
        </>
      ),
    },
    { key: 'code', header: 'Código', className: 'align-top whitespace-nowrap', cell: (g) => g.code },
    { key: 'unit', header: 'Unidade', className: 'align-top', cell: (g) => g.unit },
    { key: 'description', header: 'Descrição', className: 'min-w-48 align-top', cell: (g) => g.description },
    {
      key: 'occurrences',
      header: 'Ocorrências',
      align: 'right',
      className: 'align-top whitespace-nowrap',
      cell: (g) => `${g.occurrences} (${formatQuantity(g.quantity)} ${g.unit})`,
    },
    {
      key: 'choice',
      header: 'Produto no Armazém',
      className: 'min-w-72 align-top',
      cell: (g) => (
        <UnmatchedChoiceCell
          group={g}
          name={`código ${g.code} de ${g.issuerName}`}
          choice={choices.get(unmatchedKey(g)) ?? null}
          onChange={(choice) => setChoice(unmatchedKey(g), choice)}
        />
      ),
    },
  ];
}

/** The codes no product answers to, once per (issuer, code, unit): a product for each, or new ones in one go. */
export function BatchUnmatched({
  groups,
  choices,
  onChange,
}: {
  groups: TBatchUnmatched[];
  choices: Choices;
  onChange: (update: (current: Map<string, UnmatchedChoice>) => Map<string, UnmatchedChoice>) => void;
}) {
  const [page, setPage] = useState(1);
  const setChoice = useCallback<SetChoice>(
    (key, choice) =>
      onChange((current) => {
        const next = new Map(current);
        if (choice) next.set(key, choice);
        else next.delete(key);
        return next;
      }),
    [onChange],
  );
  if (groups.length === 0) return null;
  const totalPages = Math.ceil(groups.length / PAGE_SIZE);
  const current = Math.min(page, totalPages);
  return (
    <section className="flex flex-col gap-2" aria-labelledby="batch-unmatched-title">
      <h3 id="batch-unmatched-title" className="text-lg font-semibold">
        Códigos sem produto
      </h3>
      <BulkCreate
        groups={groups}
        choices={choices}
        onCreate={(created) => onChange((c) => new Map([...c, ...created]))}
      />
      <NoteTable
        label="Códigos sem produto"
        testId="batch-unmatched"
        columns={unmatchedColumns(choices, setChoice)}
        rows={groups.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)}
        rowKey={unmatchedKey}
      />
      {totalPages > 1 ? (
        <Pagination page={current} totalPages={totalPages} total={groups.length} onChange={setPage} />
      ) : null}
    </section>
  );
}
