import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ConfirmationBody } from '../../../components/ui/confirmation-body.tsx';
import { useDeleteStockMovementMutation } from '../movements-api.ts';

/** Undoing an import: only the error notification exists for it (seed §8). */
export default function DeleteMovementModal({ extra, closeModal }: ModalBodyProps<'MOVEMENT_DELETE'>) {
  const { stockMovementId, fileName } = extra;
  const [deleteMovement, { isLoading }] = useDeleteStockMovementMutation();
  const confirm = async () => {
    await deleteMovement(stockMovementId);
    closeModal();
  };
  return (
    <ConfirmationBody
      message={`Excluir a importação "${fileName}"? Todas as entradas e saídas dela serão canceladas e os saldos voltam ao que eram.`}
      confirmLabel="Excluir"
      danger
      busy={isLoading}
      onConfirm={confirm}
      onCancel={closeModal}
    />
  );
}
