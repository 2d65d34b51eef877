import type { TAccountant } from '@armazem/contracts/settings';
import { TextField } from '../../components/ui/text-field.tsx';

const FIELDS: Array<{ key: keyof TAccountant; label: string; placeholder?: string }> = [
  { key: 'name', label: 'Nome do contador' },
  { key: 'cpf', label: 'CPF do contador', placeholder: '000.000.000-00' },
  { key: 'crc', label: 'CRC', placeholder: 'SP-123456/O-8' },
  { key: 'email', label: 'E-mail do contador' },
  { key: 'cityCode', label: 'Código do município do contador (IBGE, 7 dígitos)', placeholder: '3550308' },
];

/**
 * The accountant who signs the EFD (its 0100 record, DESIGN.md §6.5): the complete EFD file asks for every field;
 * the Bloco H file alone does not.
 */
export function AccountantFields({
  value,
  onChange,
  errors,
  disabled,
}: {
  value: TAccountant;
  onChange: (value: TAccountant) => void;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  return (
    <fieldset
      className="border-base-300 mt-2 grid gap-2 rounded border p-3"
      data-testid="settings-accountant"
    >
      <legend className="px-1 text-sm font-semibold">Contador (arquivo EFD completo)</legend>
      {FIELDS.map(({ key, label, placeholder }) => (
        <TextField
          key={key}
          label={label}
          placeholder={placeholder}
          disabled={disabled}
          value={value[key]}
          error={errors[`accountant.${key}`]}
          onChange={(text) => onChange({ ...value, [key]: text })}
        />
      ))}
    </fieldset>
  );
}
