import { ZNewSupplier } from '@armazem/contracts/catalog';
import type { ModalBodyProps } from '../../../app/layout/modal-bodies.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messages } from '../../../config/messages.ts';
import { fieldErrors } from '../../../lib/api.ts';
import { maskDocument, maskPhone } from '../../../lib/format.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useAddSupplierMutation } from '../suppliers-api.ts';

export default function AddSupplierModal({ closeModal }: ModalBodyProps) {
  const notify = useNotifySuccess();
  const [addSupplier, { isLoading }] = useAddSupplierMutation();
  const toInput = (v: Record<string, string>) => ({
    name: v.name ?? '',
    tradeName: v.tradeName || null,
    document: v.document ?? '',
    email: v.email || null,
    phone: v.phone || null,
  });
  const form = useZodForm(
    ZNewSupplier,
    { name: '', tradeName: '', document: '', email: '', phone: '' },
    toInput,
  );
  const onSubmit = form.handleSubmit(async () => {
    const result = await addSupplier(toInput(form.values));
    if ('error' in result) {
      form.setErrors(fieldErrors(result.error));
      return;
    }
    notify(messages.success.supplierAdded);
    closeModal();
  });
  const document = form.field('document');
  const phone = form.field('phone');
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-x-4 md:grid-cols-2">
      <TextField label="Razão social" autoFocus {...form.field('name')} />
      <TextField label="Nome fantasia (opcional)" {...form.field('tradeName')} />
      <TextField
        label="CNPJ ou CPF"
        hint="Aceita o CNPJ alfanumérico (ex.: 12.ABC.345/01DE-35)."
        {...document}
        onChange={(value) => document.onChange(maskDocument(value))}
      />
      <TextField label="E-mail (opcional)" type="email" {...form.field('email')} />
      <TextField
        label="Telefone (opcional)"
        inputMode="tel"
        {...phone}
        onChange={(value) => phone.onChange(maskPhone(value))}
      />
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
