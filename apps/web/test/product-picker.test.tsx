import type { TProductSelectItem } from '@armazem/contracts/catalog';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ProductPicker } from '../src/components/ui/product-picker.tsx';
import { renderWithProviders, stubFetch, type SeenCall } from './render-with-providers.tsx';

const ARROZ = { id: 1, sku: 'ARZ-5', name: 'Arroz 5 kg' };
const AREIA = { id: 2, sku: 'ARE-20', name: 'Areia 20 kg' };
const ARGAMASSA = { id: 3, sku: 'ARG-1', name: 'Argamassa' };

/** The API as the picker asks it: the active products by name, and an exact code (SKU or barcode). */
const api =
  (codes: Record<string, { product: TProductSelectItem; productUnityId: number }>) => (call: SeenCall) => {
    if (call.url.pathname === '/api/products/v1/select') {
      const q = (call.url.searchParams.get('q') ?? '').toLowerCase();
      return { body: [ARROZ, AREIA, ARGAMASSA].filter((p) => p.name.toLowerCase().startsWith(q)) };
    }
    if (call.url.pathname === '/api/products/v1/lookup') {
      return { body: { match: codes[call.url.searchParams.get('code') ?? ''] ?? null } };
    }
    return undefined;
  };

/** The picker in a form, as the movement and count screens hold it: the chosen product in state. */
function Form({
  onChange,
}: {
  onChange: (product: TProductSelectItem | null, unity?: number | null) => void;
}) {
  const [value, setValue] = useState<TProductSelectItem | null>(null);
  return (
    <ProductPicker
      label="Produto"
      value={value}
      onChange={(product, unity) => {
        onChange(product, unity);
        setValue(product);
      }}
    />
  );
}

const field = () => screen.getByRole('combobox', { name: 'Produto' });
const key = (name: string) => fireEvent.keyDown(field(), { key: name });
const typeIn = (text: string) => fireEvent.input(field(), { target: { value: text } });
const options = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('ProductPicker: name, code, or what a barcode scanner types', () => {
  it('looks an exact code up on Enter and picks the product and the package the code names', async () => {
    const calls = stubFetch(api({ '7891000100103': { product: ARROZ, productUnityId: 12 } }));
    const onChange = vi.fn();
    renderWithProviders(<Form onChange={onChange} />);
    typeIn('7891000100103');
    key('Enter');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(ARROZ, 12));
    const lookup = calls.find((call) => call.url.pathname === '/api/products/v1/lookup');
    expect(lookup?.url.searchParams.get('code')).toBe('7891000100103');
    expect(screen.getByTestId('picked-product').textContent).toBe('ARZ-5 Arroz 5 kg');
  });

  it('says so when no active product has the code, and picks nothing', async () => {
    stubFetch(api({}));
    const onChange = vi.fn();
    renderWithProviders(<Form onChange={onChange} />);
    typeIn('999');
    key('Enter');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Nenhum produto ativo com o código “999”.',
    );
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
    typeIn('9991'); // typing again clears the message
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists products by name from two letters, and the arrows move through them (wrapping)', async () => {
    const calls = stubFetch(api({}));
    renderWithProviders(<Form onChange={vi.fn()} />);
    typeIn('a');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(calls).toEqual([]); // one letter asks nothing
    typeIn('Ar');
    await waitFor(() =>
      expect(options()).toEqual(['ARZ-5 Arroz 5 kg', 'ARE-20 Areia 20 kg', 'ARG-1 Argamassa']),
    );
    expect(calls.at(-1)?.url.search).toBe('?q=Ar&limit=20');
    expect(field().getAttribute('aria-expanded')).toBe('true');
    const selected = () =>
      screen.getAllByRole('option').findIndex((o) => o.getAttribute('aria-selected') === 'true');
    key('ArrowDown');
    expect(selected()).toBe(0);
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowDown');
    expect(selected()).toBe(0);
    key('ArrowUp');
    expect(selected()).toBe(2);
    expect(field().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2]?.id);
  });

  it('picks the highlighted product on Enter, without a code lookup and without a package', async () => {
    const calls = stubFetch(api({}));
    const onChange = vi.fn();
    renderWithProviders(<Form onChange={onChange} />);
    typeIn('are');
    await waitFor(() => expect(options()).toEqual(['ARE-20 Areia 20 kg']));
    key('ArrowUp');
    key('Enter');
    expect(onChange).toHaveBeenCalledWith(AREIA, null);
    expect(calls.some((call) => call.url.pathname.endsWith('/lookup'))).toBe(false);
  });

  it('says when nothing matches, and Escape closes the list', async () => {
    stubFetch(api({}));
    renderWithProviders(<Form onChange={vi.fn()} />);
    typeIn('feijão');
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Nenhum produto ativo encontrado.',
    );
    typeIn('arr');
    await waitFor(() => expect(options()).toEqual(['ARZ-5 Arroz 5 kg']));
    key('Escape');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
  });

  it('“Trocar” clears the choice and puts the focus back in the search field', async () => {
    stubFetch(api({ 'ARZ-5': { product: ARROZ, productUnityId: 1 } }));
    const onChange = vi.fn();
    renderWithProviders(<Form onChange={onChange} />);
    typeIn('ARZ-5');
    key('Enter');
    await screen.findByTestId('picked-product');
    fireEvent.click(screen.getByRole('button', { name: 'Trocar' }));
    expect(onChange).toHaveBeenLastCalledWith(null, undefined);
    await waitFor(() => expect(document.activeElement).toBe(field()));
  });
});
