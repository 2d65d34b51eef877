import { STOCK_REASONS, ZNewStockOut, type TNewStockOut } from '@armazem/contracts/stock';
import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { decimalInput } from '../src/lib/format.ts';
import { useZodForm, type FieldProps } from '../src/lib/use-zod-form.ts';

/** A field as the app's fields show one: the input, and its error beside it. */
function Field({ label, field }: { label: string; field: FieldProps }) {
  return (
    <p>
      <label htmlFor={field.name}>{label}</label>
      <input
        id={field.name}
        name={field.name}
        value={field.value}
        aria-invalid={Boolean(field.error)}
        onInput={(event) => field.onChange((event.target as HTMLInputElement).value)}
      />
      {field.error ? <span role="alert">{`${label}: ${field.error}`}</span> : null}
    </p>
  );
}

/** A stock exit form: the same schema the API validates, the quantity typed the Brazilian way. */
function ExitForm({
  onValid,
  serverAnswer,
}: {
  onValid: (body: TNewStockOut) => void;
  serverAnswer?: unknown;
}) {
  const form = useZodForm(
    ZNewStockOut,
    // field names are the body's: an error lands beside the field its schema path names
    { productId: '7', productUnityId: '', quantity: '', reason: '' },
    (values) => ({
      productId: values.productId,
      productUnityId: values.productUnityId,
      quantity: decimalInput(values.quantity),
      reason: STOCK_REASONS.find((reason) => reason === values.reason),
    }),
  );
  return (
    <form
      onSubmit={form.handleSubmit((body) => {
        onValid(body);
        if (serverAnswer) form.saved({ error: serverAnswer });
      })}
    >
      <Field label="Unidade" field={form.field('productUnityId')} />
      <Field label="Quantidade" field={form.field('quantity')} />
      <Field label="Motivo" field={form.field('reason')} />
      <button type="submit">Salvar</button>
    </form>
  );
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
const errors = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

describe('useZodForm: the API schema, beside each field, in Portuguese', () => {
  it('blocks an empty form and says what each field needs', () => {
    const onValid = vi.fn();
    render(<ExitForm onValid={onValid} />);
    submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(errors()).toEqual([
      'Unidade: Selecione a unidade.',
      'Quantidade: Campo obrigatório.',
      'Motivo: Campo obrigatório.',
    ]);
    expect(screen.getByLabelText('Quantidade').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a quantity the Brazilian rule cannot read, and one that is not positive', () => {
    const onValid = vi.fn();
    render(<ExitForm onValid={onValid} />);
    type('Unidade', '3');
    type('Motivo', 'venda');
    type('Quantidade', '1234.567');
    submit();
    expect(errors()).toEqual([
      'Quantidade: Número inválido: use vírgula para os decimais e ponto para os milhares (ex.: 1.234,50).',
    ]);
    type('Quantidade', '0');
    submit();
    expect(errors()).toEqual(['Quantidade: O valor deve ser maior que zero.']);
    type('Quantidade', '1,2345');
    submit();
    expect(errors()).toEqual(['Quantidade: Use no máximo 3 casas decimais.']);
    expect(onValid).not.toHaveBeenCalled();
  });

  it('clears a field’s error as soon as it is typed in again, and only that one', () => {
    render(<ExitForm onValid={vi.fn()} />);
    submit();
    type('Quantidade', '2');
    expect(errors()).toEqual(['Unidade: Selecione a unidade.', 'Motivo: Campo obrigatório.']);
  });

  it('submits exactly the body it validated: the quantity read, the ids as typed', () => {
    const onValid = vi.fn();
    render(<ExitForm onValid={onValid} />);
    type('Unidade', '3');
    type('Quantidade', '1.500,5');
    type('Motivo', 'perda');
    submit();
    expect(errors()).toEqual([]);
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid).toHaveBeenCalledWith({
      productId: '7',
      productUnityId: '3',
      quantity: '1500.5',
      reason: 'perda',
    });
  });

  it('puts the server’s refusal beside the field it names', () => {
    const refusal = {
      status: 422,
      data: {
        message: 'Saldo insuficiente.',
        issues: [{ path: 'quantity', message: 'Saldo insuficiente: há 2 UN.' }],
      },
    };
    render(<ExitForm onValid={vi.fn()} serverAnswer={refusal} />);
    type('Unidade', '3');
    type('Quantidade', '5');
    type('Motivo', 'venda');
    submit();
    expect(errors()).toEqual(['Quantidade: Saldo insuficiente: há 2 UN.']);
  });

  it('shows a field’s first problem, and a problem of the whole form under `_form`', () => {
    const schema = z
      .object({
        code: z
          .string()
          .check(z.minLength(3, 'Use ao menos 3 caracteres.'), z.regex(/^\d+$/, 'Use só dígitos.')),
        confirmation: z.string(),
      })
      .check(z.refine((body) => body.code === body.confirmation, 'Os códigos não conferem.'));
    const seen: Record<string, string>[] = [];
    function CodeForm({ code, confirmation }: { code: string; confirmation: string }) {
      const form = useZodForm(schema, { code, confirmation });
      seen.push(form.errors);
      return <form aria-label={code} onSubmit={form.handleSubmit(vi.fn())} />;
    }
    render(<CodeForm code="a" confirmation="a" />);
    fireEvent.submit(screen.getByRole('form', { name: 'a' }));
    expect(seen.at(-1)).toEqual({ code: 'Use ao menos 3 caracteres.' });
    render(<CodeForm code="123" confirmation="124" />);
    fireEvent.submit(screen.getByRole('form', { name: '123' }));
    expect(seen.at(-1)).toEqual({ _form: 'Os códigos não conferem.' });
  });
});
