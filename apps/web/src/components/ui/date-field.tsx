import { useState } from 'react';
import { isoToTyped, maskDate, readTypedDate } from '@armazem/contracts/typed-date';
import { FieldShell } from './field-shell.tsx';

interface DateFieldProps {
  label: string;
  /** the API's ISO date ("2026-11-30"), or "" */
  value: string;
  /** called with the ISO date once a whole, real date is typed; with "" while it is empty, incomplete or wrong */
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  name?: string | undefined;
  required?: boolean | undefined;
  small?: boolean | undefined;
  /** marked invalid by its form without a message of its own (an inverted range says so once, beside both) */
  invalid?: boolean | undefined;
  className?: string | undefined;
  'data-testid'?: string | undefined;
}

const outOfRange = (iso: string, min?: string, max?: string) =>
  max && iso > max
    ? `A data deve ser até ${isoToTyped(max)}.`
    : min && iso < min
      ? `A data deve ser a partir de ${isoToTyped(min)}.`
      : null;

/**
 * A date typed dd/mm/aaaa whatever the browser's language (a native date input follows the browser's: mm/dd/yyyy in
 * an English one). Masked as typed; a date that does not exist says so. The form keeps the API's ISO date.
 */
export function DateField({
  label,
  value,
  onChange,
  error,
  min,
  max,
  small,
  invalid,
  ...rest
}: DateFieldProps) {
  const [text, setText] = useState(() => isoToTyped(value));
  const [touched, setTouched] = useState(false);
  const read = readTypedDate(text, touched);
  const readIso = read.iso ?? '';
  // A value set from outside (a reset, the URL, "today") replaces what was typed; adjusted while rendering.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value && value !== readIso) setText(isoToTyped(value));
  }
  const own = read.iso ? outOfRange(read.iso, min, max) : 'error' in read ? read.error : null;
  const change = (typed: string) => {
    const masked = maskDate(typed);
    setText(masked);
    setTouched(false);
    const next = readTypedDate(masked).iso;
    onChange(next && !outOfRange(next, min, max) ? next : '');
  };
  return (
    <FieldShell label={label} error={own ?? error} hint={rest.hint} className={rest.className}>
      {(control) => (
        <input
          {...control}
          aria-invalid={control['aria-invalid'] || Boolean(invalid)}
          name={rest.name}
          required={rest.required}
          data-testid={rest['data-testid']}
          className={`input w-full ${small ? 'input-sm' : ''} ${own || error ? 'input-error' : ''}`}
          inputMode="numeric"
          autoComplete="off"
          placeholder="dd/mm/aaaa"
          maxLength={10}
          value={text}
          onChange={(event) => change(event.target.value)}
          onBlur={() => setTouched(true)}
        />
      )}
    </FieldShell>
  );
}
