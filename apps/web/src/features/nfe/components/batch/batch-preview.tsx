import { useCallback, useState, type ReactNode } from 'react';
import type { TBatchImportData, TBatchPreview } from '@armazem/contracts/document-batches';
import type { TChosenEffect } from '@armazem/contracts/fiscal-effects';
import { countLabel } from '@armazem/contracts/plural';
import { batchImportData, pendingChoices, type UnmatchedChoice } from '../../batch-choices.ts';
import { BatchDocuments } from './batch-documents.tsx';
import { BatchCounts, BatchDecisions, BatchTotals } from './batch-summary.tsx';
import { BatchUnmatched } from './batch-unmatched.tsx';

/** "data das movimentações": each document on its own issue date (default), or all on today. */
function OccurredOnChoice({
  value,
  onChange,
}: {
  value: 'issue' | 'today';
  onChange: (value: 'issue' | 'today') => void;
}) {
  const option = (choice: 'issue' | 'today', label: string) => (
    <label className="label gap-2">
      <input
        type="radio"
        className="radio radio-sm"
        name="batch-occurred-on"
        checked={value === choice}
        onChange={() => onChange(choice)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">Data das movimentações</legend>
      <div className="flex flex-wrap gap-4">
        {option('issue', 'Data de emissão de cada documento')}
        {option('today', 'Hoje')}
      </div>
    </fieldset>
  );
}

/** What still keeps the batch from being imported, said in one line; null when nothing does. */
function pendingText(news: number, pending: { codes: number; effects: number }): string | null {
  if (news === 0) return 'Nenhum documento novo: nada a importar.';
  const parts = [
    pending.codes > 0 ? countLabel(pending.codes, 'código sem produto', 'códigos sem produto') : '',
    pending.effects > 0
      ? countLabel(pending.effects, 'item com efeito a decidir', 'itens com efeito a decidir')
      : '',
  ].filter(Boolean);
  return parts.length > 0 ? `Falta resolver: ${parts.join(' e ')}.` : null;
}

/**
 * The upload read, nothing stored: counts by status, totals by effect, the codes to resolve, the effects to decide,
 * the documents; then "Importar" with every choice.
 */
export function BatchPreview({
  preview,
  busy,
  refusal,
  onImport,
}: {
  preview: TBatchPreview;
  busy: boolean;
  /** why the last import was refused (a date that would go negative, a closed month), by the button */
  refusal: ReactNode;
  onImport: (data: TBatchImportData) => void;
}) {
  const [mappings, setMappings] = useState(() => new Map<string, UnmatchedChoice>());
  const [decisions, setDecisions] = useState(() => new Map<string, TChosenEffect>());
  const [occurredOn, setOccurredOn] = useState<'issue' | 'today'>('issue');
  const setDecision = useCallback(
    (key: string, effect: TChosenEffect | null) =>
      setDecisions((current) => {
        const next = new Map(current);
        if (effect) next.set(key, effect);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const news = preview.counts.new ?? 0;
  const blocker = pendingText(news, pendingChoices(preview, mappings, decisions));
  return (
    <div className="flex flex-col gap-6" data-testid="batch-preview">
      <BatchCounts counts={preview.counts} />
      <section className="flex flex-col gap-2" aria-labelledby="batch-totals-title">
        <h3 id="batch-totals-title" className="text-lg font-semibold">
          Totais por efeito (o que será lançado)
        </h3>
        <BatchTotals totals={preview.totals} />
      </section>
      <BatchUnmatched groups={preview.unmatched} choices={mappings} onChange={setMappings} />
      <BatchDecisions preview={preview} decisions={decisions} onChange={setDecision} />
      <BatchDocuments documents={preview.documents} />
      <div className="flex flex-wrap items-end gap-4">
        <OccurredOnChoice value={occurredOn} onChange={setOccurredOn} />
        <p className="text-sm" data-testid="batch-pending">
          {blocker ?? `Pronto para importar ${countLabel(news, 'documento novo', 'documentos novos')}.`}
        </p>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={blocker !== null || busy}
          onClick={() => onImport(batchImportData(preview, mappings, decisions, occurredOn))}
        >
          {busy ? <span className="loading loading-spinner loading-sm" /> : null}
          Importar lote
        </button>
      </div>
      {refusal}
    </div>
  );
}
