import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ConfirmationBody } from '../../../components/ui/confirmation-body.tsx';
import { BATCHES_HEADING, useUndoDocumentBatchMutation, useUndoNfeMutation } from '../nfe-api.ts';

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

/**
 * Undoing a document batch as a whole: every note it posted is undone, if no date would go negative and no month is
 * closed. Kept in this module so it loads with the NF-e undo (one chunk, the app's first bundle unchanged).
 */
export function UndoBatchModal({ extra, closeModal }: ModalBodyProps<'NFE_BATCH_UNDO'>) {
  const { id, label } = extra;
  const [undo, { isLoading }] = useUndoDocumentBatchMutation();
  return (
    <ConfirmationBody
      message={`Desfazer o lote ${label}? Todas as notas lançadas por ele serão desfeitas e os saldos voltam ao que eram.`}
      confirmLabel="Desfazer lote"
      danger
      busy={isLoading}
      submit={() => undo(id)}
      // the row's "Desfazer lote" is gone once the batch is undone: focus goes to the list's heading
      onDone={() => closeModal(document.getElementById(BATCHES_HEADING))}
      onCancel={closeModal}
    />
  );
}
