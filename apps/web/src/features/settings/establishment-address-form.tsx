import { useState, type FormEvent } from 'react';
import type { TEstablishment } from '@armazem/contracts/places';
import { TextField } from '../../components/ui/text-field.tsx';
import { fieldErrors } from '../../lib/api.ts';
import { useNotifySuccess } from '../../lib/use-notify.ts';
import { useUpdateEstablishmentMutation } from './places-api.ts';

type AddressKey = keyof TEstablishment['address'];

const FIELDS: Array<{ key: AddressKey; label: string; placeholder?: string }> = [
  { key: 'street', label: 'Logradouro' },
  { key: 'number', label: 'Número' },
  { key: 'district', label: 'Bairro' },
  { key: 'city', label: 'Município' },
  { key: 'state', label: 'UF', placeholder: 'SP' },
  { key: 'zip', label: 'CEP', placeholder: '00000-000' },
  { key: 'cityCode', label: 'Código do município (IBGE, 7 dígitos)', placeholder: '3550308' },
];

const textOf = (address: TEstablishment['address']) =>
  Object.fromEntries(FIELDS.map(({ key }) => [key, address[key] ?? ''])) as Record<AddressKey, string>;

/**
 * The establishment's address, which the complete EFD file's 0000 and 0005 read (UF and the municipality's IBGE
 * code included, DESIGN.md §6.5). An empty field clears it.
 */
export function EstablishmentAddressForm({ establishment }: { establishment: TEstablishment }) {
  const [update, { isLoading }] = useUpdateEstablishmentMutation();
  const notify = useNotifySuccess();
  const [fields, setFields] = useState(() => textOf(establishment.address));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = Object.fromEntries(FIELDS.map(({ key }) => [key, fields[key] || null]));
    const result = await update({ id: establishment.id, body: { address } });
    setErrors('error' in result ? fieldErrors(result.error) : {});
    if (!('error' in result)) notify('Endereço salvo.');
  };
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm">Endereço (para o arquivo EFD)</summary>
      <form
        onSubmit={(e) => void submit(e)}
        className="mt-2 grid gap-1"
        aria-label={`Endereço de ${establishment.name}`}
      >
        {FIELDS.map(({ key, label, placeholder }) => (
          <TextField
            key={key}
            label={label}
            placeholder={placeholder}
            value={fields[key]}
            error={errors[`address.${key}`]}
            onChange={(text) => setFields({ ...fields, [key]: text })}
          />
        ))}
        <button type="submit" className="btn btn-sm mt-1 w-fit" disabled={isLoading}>
          Salvar endereço
        </button>
      </form>
    </details>
  );
}
