import { useState, type FormEvent } from 'react';
import type { z } from 'zod/mini';

type Values = Record<string, string>;

/**
 * Form state validated by the same zod schema the API uses; errors land beside each field in Portuguese.
 * Values stay strings as typed; the schema decides what they mean.
 */
export function useZodForm<S extends z.ZodMiniType>(
  schema: S,
  initial: Values,
  toInput: (values: Values) => unknown = (v) => v,
) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setValue = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  };

  const handleSubmit = (onValid: (data: z.output<S>) => unknown) => (event: FormEvent) => {
    event.preventDefault();
    const result = schema.safeParse(toInput(values));
    if (!result.success) {
      const next: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.join('.') || '_form';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    void onValid(result.data);
  };

  const field = (name: string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (value: string) => setValue(name, value),
  });

  return { values, errors, setErrors, setValue, handleSubmit, field, reset: () => setValues(initial) };
}
