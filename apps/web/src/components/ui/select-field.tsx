import { useId, type SelectHTMLAttributes } from 'react';

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
  const id = useId();
  return (
    <fieldset className={`fieldset ${className ?? ''}`}>
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        value={value}
        aria-invalid={Boolean(error)}
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
      {error ? (
        <p className="label text-error whitespace-normal" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
