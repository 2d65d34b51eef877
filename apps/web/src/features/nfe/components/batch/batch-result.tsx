import { useEffect, useRef } from 'react';
import type { TBatchResult } from '@armazem/contracts/document-batches';
import { countLabel } from '@armazem/contracts/plural';
import { documentLabel, modelLabel, STATUS_LABEL_ONE } from '../../batch-choices.ts';

/**
 * What the import did, to check against the month's sales report: documents posted, skipped (each with why), and
 * earlier notes undone by the cancellation events of this upload.
 */
export function BatchResultSummary({ result, onAgain }: { result: TBatchResult; onAgain: () => void }) {
  const skipped = result.documents.filter((d) => d.status !== 'new');
  const heading = useRef<HTMLHeadingElement>(null);
  // the preview and its button are gone: focus (and a screen reader) goes to what happened
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="batch-result-title" data-testid="batch-result">
      <h3 id="batch-result-title" ref={heading} className="text-lg font-semibold" tabIndex={-1}>
        {result.id === null ? 'Nada novo neste envio' : `Lote ${result.id} importado`}
      </h3>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="bg-base-200 rounded p-3" data-testid="batch-result-posted">
          <dt className="text-sm">Documentos lançados</dt>
          <dd className="text-2xl font-semibold">{result.posted.toLocaleString('pt-BR')}</dd>
        </div>
        <div className="bg-base-200 rounded p-3" data-testid="batch-result-skipped">
          <dt className="text-sm">Documentos não lançados</dt>
          <dd className="text-2xl font-semibold">{result.skipped.toLocaleString('pt-BR')}</dd>
        </div>
        <div className="bg-base-200 rounded p-3" data-testid="batch-result-undone">
          <dt className="text-sm">Notas desfeitas por cancelamento</dt>
          <dd className="text-2xl font-semibold">{result.undone.toLocaleString('pt-BR')}</dd>
        </div>
      </dl>
      {result.id === null ? (
        <p>Todos os documentos já estavam no estoque ou não eram para lançar: nada foi gravado.</p>
      ) : null}
      {skipped.length > 0 ? (
        <details>
          <summary className="cursor-pointer">
            {countLabel(skipped.length, 'documento não lançado', 'documentos não lançados')}: ver os motivos
          </summary>
          <ul className="mt-2 list-disc pl-6 text-sm">
            {skipped.map((d) => (
              <li key={`${d.file}\u0000${d.accessKey ?? ''}`}>
                {modelLabel(d)} {documentLabel(d)} — {STATUS_LABEL_ONE[d.status]}
                {d.reason ? `: ${d.reason}` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <div>
        <button type="button" className="btn btn-sm" onClick={onAgain}>
          Enviar outro lote
        </button>
      </div>
    </section>
  );
}
