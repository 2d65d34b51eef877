import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ConfirmationBody } from '../../../components/ui/confirmation-body.tsx';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useRemoveCountMutation } from '../counts-api.ts';

/** Discarding an open count, or undoing a posted one (its adjustments cancelled, if no date would go negative). */
export default function RemoveCountModal({ extra, closeModal }: ModalBodyProps<'COUNT_REMOVE'>) {
  const { countId, posted } = extra;
  const [removeCount, { isLoading }] = useRemoveCountMutation();
  const notify = useNotifySuccess();
  return (
    <ConfirmationBody
      message={
        posted
          ? 'Os ajustes deste balanço serão cancelados e o estoque volta ao que era.'
          : 'As contagens deste balanço serão descartadas.'
      }
      confirmLabel={posted ? 'Desfazer' : 'Descartar'}
      danger
      busy={isLoading}
      submit={() => removeCount(countId)}
      onDone={() => {
        notify(posted ? 'Balanço desfeito com sucesso!' : 'Balanço descartado com sucesso!');
        closeModal();
      }}
      onCancel={closeModal}
    />
  );
}
