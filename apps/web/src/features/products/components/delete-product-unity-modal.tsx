import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ConfirmationBody } from '../../../components/ui/confirmation-body.tsx';
import { messages } from '../../../config/messages.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useDeleteProductUnityMutation } from '../products-api.ts';

export default function DeleteProductUnityModal({
  extra,
  closeModal,
}: ModalBodyProps<'PRODUCT_UNITY_DELETE'>) {
  const { productId, unityId, label } = extra;
  const notify = useNotifySuccess();
  const [deleteUnity, { isLoading }] = useDeleteProductUnityMutation();
  const confirm = async () => {
    const result = await deleteUnity({ productId, unityId });
    closeModal();
    if ('data' in result) notify(messages.success.productDeleted);
  };
  return (
    <ConfirmationBody
      message={`Excluir a embalagem "${label}"?`}
      confirmLabel="Excluir"
      danger
      busy={isLoading}
      onConfirm={confirm}
      onCancel={closeModal}
    />
  );
}
