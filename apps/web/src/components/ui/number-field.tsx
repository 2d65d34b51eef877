import { numberReading, type NumberKind } from '../../lib/format.ts';
import { FieldShell } from './field-shell.tsx';

interface NumberFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** money shows "= R$ 1.500,00"; quantity shows "= 1.500 UN" */
  kind: NumberKind;
  /** unit code after a quantity ("UN", "KG") */
  unit?: string | undefined;
  /** replaces the default reading, given the plain decimal that was read ("1500") */
  describe?: ((plain: string) => string) | undefined;
  hint?: string | undefined;
  placeholder?: string;
  autoFocus?: boolean;
  className?: string;
  /** the form control's name, so the form can find (and focus) it */
  name?: string | undefined;
}

/**
 * A text field for a quantity or an amount typed the Brazilian way (DESIGN.md §4). Under it, how the value
 * was read, so "1.500" is seen to be one thousand five hundred before anything is saved.
 */
export function NumberField({
  label,
  value,
  onChange,
  error,
  kind,
  unit,
  describe,
  hint,
  placeholder,
  autoFocus,
  className,
  name,
}: NumberFieldProps) {
  const readingText = numberReading(value, { kind, unit, describe });
  return (
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      className={className}
      reading={readingText ? { text: readingText, testId: 'number-reading' } : null}
    >
      {(control) => (
        <input
          {...control}
          name={name}
          className={`input w-full ${error ? 'input-error' : ''}`}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          placeholder={placeholder ?? (kind === 'money' ? '0,00' : '0')}
          autoFocus={autoFocus}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldShell>
  );
}
