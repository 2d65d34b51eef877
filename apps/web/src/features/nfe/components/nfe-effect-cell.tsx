import type { TNfePreviewItem } from '@armazem/contracts/nfe';
import { CHOSEN_EFFECTS, EFFECT_LABELS, type TChosenEffect } from '@armazem/contracts/fiscal-effects';
import type { Column } from '../../../components/ui/data-table.tsx';
import { effectProblem, needsProduct } from '../nfe-choices.ts';

/** "5.102" as the note's CFOP is read on paper. */
const cfopText = (cfop: string | null) =>
  cfop && /^\d{4}$/.test(cfop) ? `${cfop[0]}.${cfop.slice(1)}` : (cfop ?? '—');

function EffectCell({
  item,
  effect,
  betweenOurs,
  onChange,
}: {
  item: TNfePreviewItem;
  effect: TChosenEffect | null;
  betweenOurs: boolean;
  onChange: (effect: TChosenEffect | null) => void;
}) {
  const problem = effectProblem(effect, betweenOurs);
  return (
    <div className="flex flex-col gap-1" data-testid={`nfe-item-effect-${item.item}`}>
      {item.effect === 'ask' ? (
        <select
          className="select select-sm"
          aria-label={`Efeito no estoque do item ${item.item}`}
          value={effect ?? ''}
          onChange={(e) => onChange((e.target.value || null) as TChosenEffect | null)}
        >
          <option value="">Escolha o efeito…</option>
          {CHOSEN_EFFECTS.map((choice) => (
            <option key={choice} value={choice}>
              {EFFECT_LABELS[choice]}
            </option>
          ))}
        </select>
      ) : (
        <span>{EFFECT_LABELS[item.effect]}</span>
      )}
      <span className="text-xs opacity-80">CFOP {cfopText(item.cfop)}</span>
      {problem ? <span className="text-error text-xs">{problem}</span> : null}
    </div>
  );
}

/**
 * The item columns with what each item does to the stock: an "Efeito" column (a choice for the items the table
 * leaves to the person), and no product to choose for an item that moves no stock.
 */
export function withEffects(
  columns: Array<Column<TNfePreviewItem>>,
  effects: ReadonlyMap<number, TChosenEffect | null>,
  setEffect: (item: number, effect: TChosenEffect | null) => void,
  betweenOurs = false,
): Array<Column<TNfePreviewItem>> {
  const effectOf = (item: TNfePreviewItem) => effects.get(item.item) ?? null;
  const effectColumn: Column<TNfePreviewItem> = {
    key: 'effect',
    header: 'Efeito',
    className: 'min-w-40 align-top',
    cell: (item) => (
      <EffectCell
        item={item}
        effect={effectOf(item)}
        betweenOurs={betweenOurs}
        onChange={(e) => setEffect(item.item, e)}
      />
    ),
  };
  return columns.flatMap((column) => {
    if (column.key === 'state') return [effectColumn, column];
    if (column.key !== 'choice') return [column];
    return [
      {
        ...column,
        cell: (item: TNfePreviewItem) =>
          needsProduct(effectOf(item)) ? (
            column.cell(item)
          ) : (
            <span className="opacity-80">Sem produto: não movimenta o estoque</span>
          ),
      },
    ];
  });
}
