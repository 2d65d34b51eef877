import { TextField } from '../../../components/ui/text-field.tsx';
import { maskDocument, maskPhone } from '../../../lib/format.ts';
import type { FormFields, FormValues } from '../../../lib/use-zod-form.ts';

type SupplierField = 'name' | 'tradeName' | 'document' | 'email' | 'phone';
type Form = FormFields<SupplierField>;

export const EMPTY_SUPPLIER: FormValues<SupplierField> = {
  name: '',
  tradeName: '',
  document: '',
  email: '',
  phone: '',
};

/** What the add and edit forms send: blanks in optional fields mean "none". */
export const supplierInput = (v: FormValues<SupplierField>) => ({
  name: v.name,
  tradeName: v.tradeName || null,
  document: v.document,
  email: v.email || null,
  phone: v.phone || null,
});

/** The supplier's fields, shared by the add and edit forms. */
export function SupplierFields({ form, autoFocus = false }: { form: Form; autoFocus?: boolean }) {
  const document = form.field('document');
  const phone = form.field('phone');
  return (
    <>
      <TextField label="Razão social" autoFocus={autoFocus} {...form.field('name')} />
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
    </>
  );
}
