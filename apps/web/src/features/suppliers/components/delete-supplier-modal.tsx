import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ConfirmationBody } from '../../../components/ui/confirmation-body.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useDeleteSupplierMutation } from '../suppliers-api.ts';

export default function DeleteSupplierModal({ extra, closeModal }: ModalBodyProps<'SUPPLIER_DELETE'>) {
  const { supplierId, name } = extra;
  const notify = useNotifySuccess();
  const [deleteSupplier, { isLoading }] = useDeleteSupplierMutation();
  return (
    <ConfirmationBody
      message={`Excluir o fornecedor "${name}"? Os vínculos com produtos também serão removidos.`}
      confirmLabel="Excluir"
      danger
      busy={isLoading}
      submit={() => deleteSupplier(supplierId)}
      onDone={() => {
        closeModal();
        notify(featureMessages.success.supplierDeleted);
      }}
      onCancel={closeModal}
    />
  );
}
