import { useState } from 'react';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { usePostCountMutation } from '../counts-api.ts';

/**
 * Posting a count: what it changes (differences and their value, the uncounted), and whether the uncounted are
 * taken as zero. A refusal (closed month, a date that would go negative) is shown by the API layer's notification.
 */
export default function PostCountModal({ extra, closeModal }: ModalBodyProps<'COUNT_POST'>) {
  const { countId, totals } = extra;
  const [uncountedAsZero, setUncountedAsZero] = useState(false);
  const [postCount, { isLoading }] = usePostCountMutation();
  const notify = useNotifySuccess();
  const confirm = async () => {
    const result = await postCount({ id: countId, uncountedAsZero });
    if ('error' in result) return;
    notify('Balanço lançado no estoque com sucesso!');
    closeModal();
  };
  return (
    <div className="grid gap-3">
      <p>
        {totals.withDifference} produtos com diferença: sobras de {formatMoney(totals.surplusValue)} e faltas
        de {formatMoney(totals.shortageValue)}. {totals.uncounted} produtos não foram contados.
      </p>
      <label className="label cursor-pointer justify-start gap-2 whitespace-normal">
        <input
          type="checkbox"
          className="checkbox"
          checked={uncountedAsZero}
          onChange={(e) => setUncountedAsZero(e.target.checked)}
        />
        <span>Considerar os não contados como zero (zera o saldo deles)</span>
      </label>
      <div className="modal-action justify-center">
        <button type="button" className="btn btn-outline" onClick={closeModal}>
          Voltar
        </button>
        <button type="button" className="btn btn-primary" disabled={isLoading} onClick={() => void confirm()}>
          Confirmar lançamento
        </button>
      </div>
    </div>
  );
}
