import type { SelectHTMLAttributes } from 'react';
import { FieldShell } from './field-shell.tsx';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  error?: string | undefined;
  placeholder?: string;
  options: Array<{ value: string | number; label: string }>;
  onChange: (value: string) => void;
}

export function SelectField({
  label,
  value,
  error,
  placeholder,
  options,
  onChange,
  className,
  ...rest
}: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} className={className}>
      {(control) => (
        <select
          {...control}
          className={`select w-full ${error ? 'select-error' : ''}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...rest}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
