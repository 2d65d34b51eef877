import type { TBatchPreview } from '@armazem/contracts/document-batches';
import { CHOSEN_EFFECTS, EFFECT_LABELS, type TChosenEffect } from '@armazem/contracts/fiscal-effects';
import { formatMoney, formatQuantity } from '../../../../lib/format.ts';
import {
  askItems,
  decisionKey,
  documentLabel,
  modelLabel,
  STATUS_LABELS,
  STATUSES,
} from '../../batch-choices.ts';

/** How many documents of each status: the first thing to check against the month's sales report. */
export function BatchCounts({ counts }: { counts: TBatchPreview['counts'] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="batch-counts">
      {STATUSES.map((status) => (
        <div key={status} className="bg-base-200 rounded p-3" data-testid={`batch-count-${status}`}>
          <dt className="text-sm">{STATUS_LABELS[status]}</dt>
          <dd className="text-2xl font-semibold">{(counts[status] ?? 0).toLocaleString('pt-BR')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What would be posted, per effect: quantity and stock value (an exit at today's average). */
export function BatchTotals({ totals }: { totals: TBatchPreview['totals'] }) {
  if (totals.length === 0) return <p className="text-sm">Nenhum item a lançar no estoque.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="table-sm table" aria-label="Totais por efeito" data-testid="batch-totals">
        <thead>
          <tr>
            <th scope="col">Efeito</th>
            <th scope="col" className="text-right">
              Quantidade
            </th>
            <th scope="col" className="text-right">
              Valor
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.map((total) => (
            <tr key={total.effect}>
              <td>{EFFECT_LABELS[total.effect]}</td>
              <td className="text-right whitespace-nowrap">{formatQuantity(total.quantity)}</td>
              <td className="text-right whitespace-nowrap">{formatMoney(total.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The items the table leaves to the person (`ask`): one effect each, chosen here. */
export function BatchDecisions({
  preview,
  decisions,
  onChange,
}: {
  preview: TBatchPreview;
  decisions: ReadonlyMap<string, TChosenEffect>;
  onChange: (key: string, effect: TChosenEffect | null) => void;
}) {
  const items = askItems(preview);
  if (items.length === 0) return null;
  return (
    <section
      className="flex flex-col gap-2"
      aria-labelledby="batch-decisions-title"
      data-testid="batch-decisions"
    >
      <h3 id="batch-decisions-title" className="text-lg font-semibold">
        Itens com efeito a decidir
      </h3>
      <ul className="flex flex-col gap-2">
        {items.map(({ document, item }) => {
          const key = decisionKey(document.accessKey ?? '', item.item);
          const label = `${modelLabel(document)} ${documentLabel(document)}, item ${item.item}`;
          return (
            <li key={key} className="flex flex-wrap items-end gap-3">
              <label className="fieldset">
                <span className="fieldset-legend">
                  {label}: {item.description} (CFOP {item.cfop ?? '—'})
                </span>
                <select
                  className="select select-sm"
                  value={decisions.get(key) ?? ''}
                  onChange={(e) => onChange(key, (e.target.value || null) as TChosenEffect | null)}
                >
                  <option value="">Escolha o efeito…</option>
                  {CHOSEN_EFFECTS.map((effect) => (
                    <option key={effect} value={effect}>
                      {EFFECT_LABELS[effect]}
                    </option>
                  ))}
                </select>
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
