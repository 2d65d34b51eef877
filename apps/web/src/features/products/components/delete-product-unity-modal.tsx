import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ConfirmationBody } from '../../../components/ui/confirmation-body.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useDeleteProductUnityMutation } from '../products-api.ts';

export default function DeleteProductUnityModal({
  extra,
  closeModal,
}: ModalBodyProps<'PRODUCT_UNITY_DELETE'>) {
  const { productId, unityId, label } = extra;
  const notify = useNotifySuccess();
  const [deleteUnity, { isLoading }] = useDeleteProductUnityMutation();
  return (
    <ConfirmationBody
      message={`Excluir a embalagem "${label}"?`}
      confirmLabel="Excluir"
      danger
      busy={isLoading}
      submit={() => deleteUnity({ productId, unityId })}
      onDone={() => {
        closeModal();
        notify(featureMessages.success.productDeleted);
      }}
      onCancel={closeModal}
    />
  );
}
