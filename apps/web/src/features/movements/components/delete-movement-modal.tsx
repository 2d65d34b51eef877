import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ConfirmationBody } from '../../../components/ui/confirmation-body.tsx';
import { useDeleteStockMovementMutation } from '../movements-api.ts';

/**
 * Undoing an import: only the error notification exists for it (seed §8). A refusal (a date that would go negative,
 * a closed month) stays in the dialog, with the server's message.
 */
export default function DeleteMovementModal({ extra, closeModal }: ModalBodyProps<'MOVEMENT_DELETE'>) {
  const { stockMovementId, fileName } = extra;
  const [deleteMovement, { isLoading }] = useDeleteStockMovementMutation();
  return (
    <ConfirmationBody
      message={`Excluir a importação "${fileName}"? Todas as entradas e saídas dela serão canceladas e os saldos voltam ao que eram.`}
      confirmLabel="Excluir"
      danger
      busy={isLoading}
      submit={() => deleteMovement(stockMovementId)}
      onDone={closeModal}
      onCancel={closeModal}
    />
  );
}
