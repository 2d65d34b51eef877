import { ZNewSupplier } from '@armazem/contracts/catalog';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { messages } from '../../../config/messages.ts';
import { fieldErrors } from '../../../lib/api.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useAddSupplierMutation } from '../suppliers-api.ts';
import { EMPTY_SUPPLIER, SupplierFields, supplierInput } from './supplier-fields.tsx';

export default function AddSupplierModal({ closeModal }: ModalBodyProps<'SUPPLIER_ADD'>) {
  const notify = useNotifySuccess();
  const [addSupplier, { isLoading }] = useAddSupplierMutation();
  const form = useZodForm(ZNewSupplier, EMPTY_SUPPLIER, supplierInput);
  const onSubmit = form.handleSubmit(async (body) => {
    const result = await addSupplier(body);
    if ('error' in result) {
      form.setErrors(fieldErrors(result.error));
      return;
    }
    notify(messages.success.supplierAdded);
    closeModal();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-x-4 md:grid-cols-2">
      <SupplierFields form={form} autoFocus />
      <div className="modal-action md:col-span-2">
        <button type="button" className="btn btn-ghost" onClick={closeModal}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          Salvar
        </button>
      </div>
    </form>
  );
}
