import { ZNewSupplier } from '@armazem/contracts/catalog';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ModalForm } from '../../../components/ui/modal-form.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useAddSupplierMutation } from '../suppliers-api.ts';
import { EMPTY_SUPPLIER, SupplierFields, supplierInput } from './supplier-fields.tsx';

export default function AddSupplierModal({ closeModal }: ModalBodyProps<'SUPPLIER_ADD'>) {
  const notify = useNotifySuccess();
  const [addSupplier, { isLoading }] = useAddSupplierMutation();
  const form = useZodForm(ZNewSupplier, EMPTY_SUPPLIER, supplierInput);
  const onSubmit = form.handleSubmit(async (body) => {
    if (!form.saved(await addSupplier(body))) return;
    notify(featureMessages.success.supplierAdded);
    closeModal();
  });
  return (
    <ModalForm onSubmit={onSubmit} onCancel={closeModal} busy={isLoading}>
      <SupplierFields form={form} autoFocus />
    </ModalForm>
  );
}
