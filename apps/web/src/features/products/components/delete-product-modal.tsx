import { useNavigate } from 'react-router';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ConfirmationBody } from '../../../components/ui/confirmation-body.tsx';
import { messages } from '../../../config/messages.ts';
import { paths } from '../../../config/paths.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useDeleteProductMutation } from '../products-api.ts';

export default function DeleteProductModal({ extra, closeModal }: ModalBodyProps<'PRODUCT_DELETE'>) {
  const { productId, name, backToList } = extra;
  const notify = useNotifySuccess();
  const navigate = useNavigate();
  const [deleteProduct, { isLoading }] = useDeleteProductMutation();
  const confirm = async () => {
    const result = await deleteProduct(productId);
    closeModal();
    if ('error' in result) return;
    notify(messages.success.productDeleted);
    if (backToList) void navigate(paths.products);
  };
  return (
    <ConfirmationBody
      message={`Excluir o produto "${name}"? Embalagens, preços e vínculos com fornecedores também serão excluídos.`}
      confirmLabel="Excluir"
      danger
      busy={isLoading}
      onConfirm={confirm}
      onCancel={closeModal}
    />
  );
}
