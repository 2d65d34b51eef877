import { ZUpdateSupplier } from '@armazem/contracts/catalog';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { HistoryPanel } from '../../../components/ui/history-panel.tsx';
import { ModalForm } from '../../../components/ui/modal-form.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useUpdateSupplierMutation } from '../suppliers-api.ts';
import { SupplierFields, supplierInput, supplierValues } from './supplier-fields.tsx';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Ativo' },
  { value: 'inactive', label: 'Inativo' },
];

/** Every field of a supplier, prefilled; the server checks the document again (and that no one else has it). */
export default function EditSupplierModal({ extra, closeModal }: ModalBodyProps<'SUPPLIER_EDIT'>) {
  const { supplier } = extra;
  const notify = useNotifySuccess();
  const [updateSupplier, { isLoading }] = useUpdateSupplierMutation();
  const form = useZodForm(
    ZUpdateSupplier,
    { ...supplierValues(supplier), status: supplier.status as string },
    (values) => ({
      ...supplierInput(values),
      status: values.status === 'inactive' ? 'inactive' : 'active',
    }),
  );
  const onSubmit = form.handleSubmit(async (data) => {
    if (!form.saved(await updateSupplier({ supplierId: supplier.id, data }))) return;
    notify(featureMessages.success.supplierUpdated);
    closeModal();
  });
  return (
    <ModalForm onSubmit={onSubmit} onCancel={closeModal} busy={isLoading}>
      <SupplierFields form={form} autoFocus />
      <SelectField label="Situação" options={STATUS_OPTIONS} {...form.field('status')} />
      <details className="sm:col-span-2">
        <summary className="cursor-pointer text-sm">{featureMessages.audit.historyTitle}</summary>
        <HistoryPanel entity="supplier" entityId={supplier.id} />
      </details>
    </ModalForm>
  );
}
