import { useState } from 'react';
import type { TCountDetail } from '@armazem/contracts/counts';
import { countLabel } from '@armazem/contracts/plural';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ModalActions, ModalRefusal, useRefusal } from '../../../components/ui/modal-actions.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { usePostCountMutation } from '../counts-api.ts';

/** What posting changes, with each count agreeing in number: the products with a difference, the uncounted. */
function postingSummary(totals: TCountDetail['totals']): string {
  const differences =
    totals.withDifference === null
      ? 'Balanço às cegas: as diferenças aparecem só para administradores.'
      : totals.withDifference === 0
        ? 'Nenhum produto com diferença.'
        : `${countLabel(totals.withDifference, 'produto', 'produtos')} com diferença: sobras de ${formatMoney(totals.surplusValue)} e faltas de ${formatMoney(totals.shortageValue)}.`;
  const uncounted =
    totals.uncounted === 0
      ? 'Todos os produtos foram contados.'
      : `${countLabel(totals.uncounted, 'produto', 'produtos')} ${totals.uncounted === 1 ? 'não foi contado' : 'não foram contados'}.`;
  return `${differences} ${uncounted}`;
}

/**
 * Posting a count: what it changes (differences and their value, the uncounted), and whether the uncounted are
 * taken as zero. A refusal (closed month, a date that would go negative) stays here, with the server's message.
 */
export default function PostCountModal({ extra, closeModal }: ModalBodyProps<'COUNT_POST'>) {
  const { countId, totals } = extra;
  const [uncountedAsZero, setUncountedAsZero] = useState(false);
  const [postCount, { isLoading }] = usePostCountMutation();
  const { refusal, attempt } = useRefusal();
  const notify = useNotifySuccess();
  const confirm = async () => {
    if (!(await attempt(() => postCount({ id: countId, uncountedAsZero })))) return;
    notify('Balanço lançado no estoque com sucesso!');
    closeModal();
  };
  return (
    <div className="grid gap-3">
      <p data-testid="post-summary">{postingSummary(totals)}</p>
      {totals.uncounted > 0 ? (
        <label className="label cursor-pointer justify-start gap-2 whitespace-normal">
          <input
            type="checkbox"
            className="checkbox"
            checked={uncountedAsZero}
            onChange={(e) => setUncountedAsZero(e.target.checked)}
          />
          <span>Considerar os não contados como zero (zera o saldo deles)</span>
        </label>
      ) : null}
      <ModalRefusal message={refusal} />
      <ModalActions
        centered
        cancelLabel="Voltar"
        onCancel={closeModal}
        confirmLabel="Confirmar lançamento"
        onConfirm={confirm}
        disabled={isLoading}
      />
    </div>
  );
}
