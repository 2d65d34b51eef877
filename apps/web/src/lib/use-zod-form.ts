import { useState, type FormEvent } from 'react';
import type { z } from 'zod/mini';
import { fieldErrors } from './api.ts';

/** The form's values by field name, as typed: strings, the schema decides what they mean. */
export type FormValues<F extends string> = Record<F, string>;

/**
 * A request body while it is being typed: the body's own fields (no others), any of them still missing. Missing
 * required fields are what the schema reports ("Campo obrigatório.", "Selecione a categoria.").
 */
export type Draft<I> = I extends object ? { [K in keyof I]?: I[K] | undefined } : I;

/** Builds the request body from the typed values; that very object is validated and, when valid, submitted. */
type ToInput<S extends z.ZodMiniType, F extends string> = (values: FormValues<F>) => Draft<z.input<S>>;

/** What a field component receives from `form.field(name)`. */
export interface FieldProps {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** The part of a form a shared block of fields needs (e.g. the supplier fields of the add and edit forms). */
export interface FormFields<F extends string> {
  values: FormValues<F>;
  field: (name: F) => FieldProps;
}

/**
 * Form state validated by the same zod schema the API uses; errors land beside each field in Portuguese.
 *
 * `toInput` turns the typed strings into the request body (`z.input<S>`, the wire shape the API's mutations take);
 * `handleSubmit` validates exactly that object and hands exactly that object to `onValid`, so what is sent is what
 * was checked. Not the parsed output: it holds bigints and normalised values that the server derives itself from the
 * same schema. `toInput` may be left out only when the values already are the body.
 */
export function useZodForm<S extends z.ZodMiniType, F extends string>(
  schema: S,
  initial: FormValues<F>,
  ...[toInput]: FormValues<F> extends Draft<z.input<S>> ? [toInput?: ToInput<S, F>] : [toInput: ToInput<S, F>]
) {
  const [values, setValues] = useState<FormValues<F>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setValue = (name: F, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  };

  const handleSubmit = (onValid: (body: z.input<S>) => unknown) => (event: FormEvent) => {
    event.preventDefault();
    const body: unknown = toInput ? toInput(values) : values;
    const result = schema.safeParse(body);
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
    // The schema has just accepted this very object, so it is a z.input<S>: the one cast the hook needs.
    void onValid(body as z.input<S>);
  };

  /** After the call: true when it worked; otherwise the server's field errors land beside the fields. */
  const saved = (result: { data: unknown } | { error: unknown }) => {
    if (!('error' in result)) return true;
    setErrors(fieldErrors(result.error));
    return false;
  };

  const field = (name: F): FieldProps => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (value: string) => setValue(name, value),
  });

  return { values, errors, setErrors, setValue, handleSubmit, saved, field, reset: () => setValues(initial) };
}
