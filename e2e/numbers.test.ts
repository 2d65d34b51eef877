import { describe, expect, it } from 'vitest';
import { adminCookie, api, loginAsAdmin, modal, notification, page, useBrowser } from './fixtures.ts';

/**
 * Issue 8, item 1: "1.500" typed in a form is one thousand five hundred, as in a sheet (DESIGN.md §4), and
 * each numeric field shows how it read the value before anything is saved.
 */
useBrowser();

const readingOf = (label: string) =>
  modal()
    .locator('fieldset')
    .filter({ has: page.getByLabel(label) })
    .getByTestId('number-reading');

async function productWithBox(sku: string) {
  const cookie = await adminCookie();
  const unities = await (await api('/api/unities/v1', { cookie })).json();
  const batches = await (await api('/api/unity-batches/v1', { cookie })).json();
  const code = (list: Array<{ id: number; code: string }>, wanted: string) =>
    list.find((item) => item.code === wanted)?.id;
  const product = await (
    await api('/api/products/v1', {
      method: 'POST',
      cookie,
      body: { sku, name: `Água Mineral ${sku}`, categoryId: 1, baseUnityId: code(unities, 'UN') },
    })
  ).json();
  await api(`/api/products/v1/${product.id}/unity/v1`, {
    method: 'POST',
    cookie,
    body: { unityId: code(unities, 'CX'), unityBatchId: code(batches, 'CAIXA'), quantity: 12 },
  });
  return { id: product.id as number, cookie };
}

async function pickProduct(sku: string) {
  await modal().getByLabel('Produto').fill(sku);
  await modal().getByRole('option').filter({ hasText: sku }).first().click();
}

describe('numbers typed the Brazilian way', () => {
  it('saves "1.500" as one thousand five hundred, for a sale price and for a quantity of boxes', async () => {
    const sku = `NUM-${Date.now()}`;
    const { id, cookie } = await productWithBox(sku);
    await loginAsAdmin();

    // a sale price of 1.500 is R$ 1.500,00, shown as read before saving
    await page.goto(`/app/products/${id}`);
    await page.getByRole('button', { name: 'Adicionar preço' }).click();
    await modal().getByLabel('Preço de custo (R$)').fill('1.234,5');
    await modal().getByLabel('Preço de venda (R$)').fill('1.500');
    await expect.poll(() => readingOf('Preço de venda (R$)').textContent()).toBe('= R$ 1.500,00');
    expect(await readingOf('Preço de custo (R$)').textContent()).toBe('= R$ 1.234,50');
    await modal().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => notification().textContent()).toContain('Preço Adicionado!');
    const detail = await (await api(`/api/products/v1/${id}`, { cookie })).json();
    expect(detail.currentPrice).toMatchObject({ costPrice: '1234.5000', salePrice: '1500.0000' });
    await expect.poll(() => page.getByTestId('prices-table').textContent()).toContain('R$\u00a01.500,00');

    // an entry of 1.500 boxes of 12 is 18.000 units
    await page.goto('/app/stock-in');
    await page.getByRole('button', { name: 'Registrar entrada' }).click();
    await pickProduct(sku);
    await modal().getByLabel('Unidade').selectOption({ label: 'Caixa c/ 12 UN' });
    await modal().getByLabel('Quantidade').fill('1.500');
    await expect
      .poll(() => readingOf('Quantidade').textContent())
      .toBe('= 1.500 × Caixa c/ 12 UN = 18.000 UN');
    await modal().getByLabel('Custo unitário (R$)').fill('12,5');
    expect(await readingOf('Custo unitário (R$)').textContent()).toBe('= R$ 12,50');
    await modal().getByRole('button', { name: 'Registrar entrada' }).click();
    await expect.poll(() => notification().textContent()).toContain('Entrada De Estoque Adicionada!');
    const entries = await (await api(`/api/stock/in/v1?productId=${id}`, { cookie })).json();
    expect(entries.data).toHaveLength(1);
    expect(entries.data[0]).toMatchObject({
      quantity: '1500.000',
      baseQuantity: '18000.000',
      unitCost: '12.5000',
      totalCost: '18750.0000',
    });

    // an exit of 1.000 boxes leaves 6.000 units; "12.5" stays twelve and a half
    await page.goto('/app/stock-out');
    await page.getByRole('button', { name: 'Registrar saída' }).click();
    await pickProduct(sku);
    await expect
      .poll(() => modal().getByTestId('available-balance').textContent())
      .toContain('Disponível: 18.000 UN');
    await modal().getByLabel('Quantidade').fill('12.5');
    await expect.poll(() => readingOf('Quantidade').textContent()).toBe('= 12,5 UN');
    await modal().getByLabel('Unidade').selectOption({ label: 'Caixa c/ 12 UN' });
    await modal().getByLabel('Quantidade').fill('1.000');
    await expect
      .poll(() => readingOf('Quantidade').textContent())
      .toBe('= 1.000 × Caixa c/ 12 UN = 12.000 UN');
    await modal().getByLabel('Motivo').selectOption({ label: 'Venda' });
    await modal().getByRole('button', { name: 'Registrar saída' }).click();
    await expect.poll(() => notification().textContent()).toContain('Saída De Estoque Adicionada!');
    const exits = await (await api(`/api/stock/out/v1?productId=${id}`, { cookie })).json();
    expect(exits.data[0]).toMatchObject({ quantity: '1000.000', baseQuantity: '12000.000' });
  });

  it('says at once when it cannot read a number, and refuses it in Portuguese', async () => {
    const sku = `NUM-ERR-${Date.now()}`;
    const { id, cookie } = await productWithBox(sku);
    await loginAsAdmin();
    await page.goto(`/app/products/${id}`);
    await page.getByRole('button', { name: 'Adicionar preço' }).click();
    await modal().getByLabel('Preço de custo (R$)').fill('1,234.56');
    await expect
      .poll(() => readingOf('Preço de custo (R$)').textContent())
      .toBe('Número não reconhecido: use vírgula para os decimais e ponto para os milhares (ex.: 1.234,50).');
    await modal().getByLabel('Preço de venda (R$)').fill('2.000.000');
    await modal().getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() => modal().getByRole('alert').allTextContents())
      .toEqual([
        'Número inválido: use vírgula para os decimais e ponto para os milhares (ex.: 1.234,50).',
        'O valor deve ser no máximo R$ 1.000.000,00.',
      ]);
    const detail = await (await api(`/api/products/v1/${id}`, { cookie })).json();
    expect(detail.prices).toEqual([]);
  });
});
