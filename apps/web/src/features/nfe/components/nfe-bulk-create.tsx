import { useState } from 'react';
import type { TNfePreview } from '@armazem/contracts/nfe';
import type { TChosenEffect } from '@armazem/contracts/fiscal-effects';
import { useCategoriesQuery, useUnitiesQuery } from '../../../lib/lookups-api.ts';
import { bulkCreateChoices, needsProduct, type ItemChoice } from '../nfe-choices.ts';

/**
 * Many new products at once (DESIGN.md §6.2, docs/decisions/0062): one category and one base unit for every item
 * of the note that moves stock and has no product yet; names cleaned of the supplier's codes, SKU and units per
 * package as proposed. Each product stays editable in its row before importing.
 */
export function NfeBulkCreate({
  preview,
  choices,
  effects,
  onCreate,
}: {
  preview: TNfePreview;
  choices: ReadonlyMap<number, ItemChoice | null>;
  effects: ReadonlyMap<number, TChosenEffect | null>;
  onCreate: (created: Map<number, ItemChoice>) => void;
}) {
  const { data: categories = [] } = useCategoriesQuery({ status: 'active' });
  const { data: unities = [] } = useUnitiesQuery({ status: 'active' });
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [baseUnityId, setBaseUnityId] = useState<number | null>(null);
  const base = baseUnityId ?? unities.find((u) => u.code === 'UN')?.id ?? null;
  const moves = (item: TNfePreview['items'][number]) => needsProduct(effects.get(item.item) ?? null);
  const pending = preview.items.filter((item) => !choices.get(item.item) && moves(item)).length;
  if (pending === 0) return null;
  const run = () => {
    if (!categoryId || !base) return;
    onCreate(bulkCreateChoices(preview.items, choices, moves, { categoryId, baseUnityId: base }));
  };
  return (
    <div className="bg-base-200 flex flex-wrap items-end gap-3 rounded p-3" data-testid="nfe-bulk-create">
      <p className="w-full text-sm">
        {pending === 1 ? '1 item sem produto' : `${pending} itens sem produto`}: crie todos de uma vez com a
        mesma categoria e unidade base (os nomes vêm da nota, sem os códigos do fornecedor).
      </p>
      <label className="fieldset">
        <span className="fieldset-legend">Categoria dos novos produtos</span>
        <select
          className="select select-sm"
          value={categoryId ?? ''}
          onChange={(e) => setCategoryId(Number(e.target.value) || null)}
        >
          <option value="">Escolha</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="fieldset">
        <span className="fieldset-legend">Unidade base dos novos produtos</span>
        <select
          className="select select-sm"
          value={base ?? ''}
          onChange={(e) => setBaseUnityId(Number(e.target.value) || null)}
        >
          <option value="">Escolha</option>
          {unities.map((u) => (
            <option key={u.id} value={u.id}>
              {`${u.code} — ${u.name}`}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={!categoryId || !base}
        onClick={run}
      >
        Criar todos os não encontrados
      </button>
    </div>
  );
}
