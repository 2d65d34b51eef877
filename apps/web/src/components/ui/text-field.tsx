import type { InputHTMLAttributes } from 'react';
import { FieldShell } from './field-shell.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
  onChange: (value: string) => void;
}

export function TextField({ label, value, error, hint, onChange, className, ...rest }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <input
          {...control}
          className={`input w-full ${error ? 'input-error' : ''}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...rest}
        />
      )}
    </FieldShell>
  );
}
