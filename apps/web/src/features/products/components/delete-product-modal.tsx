import { useNavigate } from 'react-router';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ConfirmationBody } from '../../../components/ui/confirmation-body.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { paths } from '../../../config/paths.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useDeleteProductMutation } from '../products-api.ts';

/** A product the ledger references is refused (409): the dialog stays open with the server's message. */
export default function DeleteProductModal({ extra, closeModal }: ModalBodyProps<'PRODUCT_DELETE'>) {
  const { productId, name, backToList } = extra;
  const notify = useNotifySuccess();
  const navigate = useNavigate();
  const [deleteProduct, { isLoading }] = useDeleteProductMutation();
  return (
    <ConfirmationBody
      message={`Excluir o produto "${name}"? Embalagens, preços e vínculos com fornecedores também serão excluídos.`}
      confirmLabel="Excluir"
      danger
      busy={isLoading}
      submit={() => deleteProduct(productId)}
      onDone={() => {
        closeModal();
        notify(featureMessages.success.productDeleted);
        if (backToList) void navigate(paths.products);
      }}
      onCancel={closeModal}
    />
  );
}
