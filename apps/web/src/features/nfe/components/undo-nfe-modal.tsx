import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ConfirmationBody } from '../../../components/ui/confirmation-body.tsx';
import { useUndoNfeMutation } from '../nfe-api.ts';

/** Undoing a received note: its entries are cancelled, if no date would go negative and no month is closed. */
export default function UndoNfeModal({ extra, closeModal }: ModalBodyProps<'NFE_UNDO'>) {
  const { id, label } = extra;
  const [undo, { isLoading }] = useUndoNfeMutation();
  return (
    <ConfirmationBody
      message={`Desfazer o recebimento da ${label}? Todas as entradas dela serão canceladas e os saldos voltam ao que eram. O XML continua guardado.`}
      confirmLabel="Desfazer"
      danger
      busy={isLoading}
      submit={() => undo(id)}
      onDone={closeModal}
      onCancel={closeModal}
    />
  );
}
