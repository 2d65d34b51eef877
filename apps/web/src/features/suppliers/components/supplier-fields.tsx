import { UFS, formatZip, type TSupplier } from '@armazem/contracts/suppliers';
import { formatDocument, formatPhone } from '@armazem/contracts/documents';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { maskDocument, maskPhone } from '../../../lib/format.ts';
import type { FieldProps, FormFields, FormValues } from '../../../lib/use-zod-form.ts';
import { formatStateRegistration } from '@armazem/contracts/state-registration';

// Address fields are kept flat in the form under their API path ('address.zip'), so a refusal lands beside them.
type AddressField =
  'address.street' | 'address.number' | 'address.district' | 'address.city' | 'address.state' | 'address.zip';
type SupplierField =
  'name' | 'tradeName' | 'document' | 'email' | 'phone' | 'stateRegistration' | 'leadTimeDays' | AddressField;
type Form = FormFields<SupplierField>;

export const EMPTY_SUPPLIER: FormValues<SupplierField> = {
  name: '',
  tradeName: '',
  document: '',
  email: '',
  phone: '',
  stateRegistration: '',
  leadTimeDays: '0',
  'address.street': '',
  'address.number': '',
  'address.district': '',
  'address.city': '',
  'address.state': '',
  'address.zip': '',
};

/** The form's values for an existing supplier. */
export function supplierValues(supplier: TSupplier): FormValues<SupplierField> {
  const { address } = supplier;
  return {
    name: supplier.name,
    tradeName: supplier.tradeName ?? '',
    document: formatDocument(supplier.document),
    email: supplier.email ?? '',
    phone: supplier.phone ? formatPhone(supplier.phone) : '',
    stateRegistration: formatStateRegistration(supplier.stateRegistration, address.state),
    leadTimeDays: String(supplier.leadTimeDays),
    'address.street': address.street ?? '',
    'address.number': address.number ?? '',
    'address.district': address.district ?? '',
    'address.city': address.city ?? '',
    'address.state': address.state ?? '',
    'address.zip': formatZip(address.zip),
  };
}

/** What the add and edit forms send: blanks in optional fields mean "none". */
export const supplierInput = (v: FormValues<SupplierField>) => ({
  name: v.name,
  tradeName: v.tradeName || null,
  document: v.document,
  email: v.email || null,
  phone: v.phone || null,
  stateRegistration: v.stateRegistration || null,
  // blank: no wait (0), as a new supplier starts
  leadTimeDays: v.leadTimeDays.trim() || '0',
  address: {
    street: v['address.street'] || null,
    number: v['address.number'] || null,
    district: v['address.district'] || null,
    city: v['address.city'] || null,
    state: v['address.state'] || null,
    zip: v['address.zip'] || null,
  },
});

/** 01310-100 while typing. */
export function maskZip(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

const UF_OPTIONS = UFS.map((uf) => ({ value: uf, label: uf }));

/** A field whose typing is shaped as it goes (CNPJ/CPF, phone, CEP). */
function masked(field: FieldProps, mask: (value: string) => string): FieldProps {
  return { ...field, onChange: (value) => field.onChange(mask(value)) };
}

/** The supplier's fields, shared by the add and edit forms. */
export function SupplierFields({ form, autoFocus = false }: { form: Form; autoFocus?: boolean }) {
  return (
    <>
      <TextField label="Razão social" autoFocus={autoFocus} {...form.field('name')} />
      <TextField label="Nome fantasia (opcional)" {...form.field('tradeName')} />
      <TextField
        label="CNPJ ou CPF"
        hint="Aceita o CNPJ alfanumérico (ex.: 12.ABC.345/01DE-35)."
        {...masked(form.field('document'), maskDocument)}
      />
      <TextField
        label="Inscrição estadual (opcional)"
        hint="Só os números, ou ISENTO."
        {...form.field('stateRegistration')}
      />
      <TextField label="E-mail (opcional)" type="email" {...form.field('email')} />
      <TextField label="Telefone (opcional)" inputMode="tel" {...masked(form.field('phone'), maskPhone)} />
      <TextField
        label="Prazo de entrega (dias)"
        inputMode="numeric"
        hint="Da encomenda à chegada; entra na sugestão de compra de Análises."
        {...form.field('leadTimeDays')}
      />
      <TextField label="CEP" inputMode="numeric" {...masked(form.field('address.zip'), maskZip)} />
      <TextField label="Logradouro" {...form.field('address.street')} />
      <TextField label="Número" {...form.field('address.number')} />
      <TextField label="Bairro" {...form.field('address.district')} />
      <TextField label="Cidade" {...form.field('address.city')} />
      <SelectField label="UF" placeholder="—" options={UF_OPTIONS} {...form.field('address.state')} />
    </>
  );
}
