import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  createCategory,
  createProduct,
  createSupplier,
  defaultUnityId,
  loginAsAdmin,
  page,
  stockIn,
  stockOut,
  useBrowser,
} from './fixtures.ts';
import { documentWidth, seriousViolations } from './a11y-helpers.ts';
import type { Client } from '../test-support/factories.ts';

// Início's charts and the Análises screen (issue 34, decision 0079) on a small ledger of the test's own, kept in a
// location of its own so the figures are the ones computed by hand below, whatever the other files posted.
useBrowser();

const PHONE = { width: 390, height: 844 };
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
/** The month `back` months before today's: AAAA-MM, its name as the screens write it, and its day `d`. */
function monthBack(back: number) {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const key = new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 7);
  const name = `${MONTHS[Number(key.slice(5)) - 1]}/${key.slice(0, 4)}`;
  return { key, name, day: (d: number) => `${key}-${String(d).padStart(2, '0')}` };
}
const [m2, m1, m0] = [monthBack(2), monthBack(1), monthBack(0)];
const money = (value: number | string) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(value));

const run = Date.now();
const names = {
  juice: `Suco ${run}`,
  coffee: `Café ${run}`,
  soap: `Sabão ${run}`,
  drinks: `Bebidas ${run}`,
  cleaning: `Limpeza ${run}`,
  supplier: `Distribuidora ${run}`,
};
let locationId = 0;
let admin: Client;
let soapSku = '';
let supplierDocument = '';

async function product(categoryId: number, name: string, minStock = '0') {
  const created = await createProduct(admin, { name, categoryId, minStock });
  if (name === names.soap) soapSku = created.sku;
  return { productId: created.id as number, productUnityId: await defaultUnityId(admin, created.id) };
}

/**
 * The ledger, in a new location of the first establishment:
 * - juice (Bebidas, minimum 10, from a supplier 10 days away): 10 × R$ 2,00 in month −2, 6 out today;
 * - coffee (Bebidas): 10 × R$ 1,00 in month −1, 2 out today;
 * - soap (Limpeza): 5 × R$ 3,00 in month −2, never out.
 */
beforeAll(async () => {
  admin = await adminClient();
  const [matriz] = (await admin('GET', '/api/establishments/v1')).json() as Array<{ id: number }>;
  const place = await admin('POST', '/api/locations/v1', {
    establishmentId: matriz?.id,
    name: `Depósito análises ${run}`,
  });
  locationId = place.json().id;
  const drinks = await createCategory(admin, names.drinks);
  const cleaning = await createCategory(admin, names.cleaning);
  const juice = await product(drinks.id, names.juice, '10');
  const coffee = await product(drinks.id, names.coffee);
  const soap = await product(cleaning.id, names.soap);
  const supplier = await createSupplier(admin, { name: names.supplier, leadTimeDays: 10 });
  supplierDocument = supplier.document;
  await admin('POST', `/api/suppliers/v1/${supplier.id}/products/v1/${juice.productId}`);
  const at = { locationId, reason: 'venda' };
  await stockIn(admin, { ...juice, locationId, quantity: 10, unitCost: '2', occurredOn: m2.day(10) });
  await stockIn(admin, { ...soap, locationId, quantity: 5, unitCost: '3', occurredOn: m2.day(15) });
  await stockIn(admin, { ...coffee, locationId, quantity: 10, unitCost: '1', occurredOn: m1.day(3) });
  await stockOut(admin, { ...juice, ...at, quantity: 6, occurredOn: today });
  await stockOut(admin, { ...coffee, ...at, quantity: 2, occurredOn: today });
});

/** The text of each row of a table, its cells joined by " | ". */
const rowsOf = (testId: string) =>
  page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '').join(' | '),
      ),
    );

const drawn = (testId: string) =>
  expect.poll(() => page.getByTestId(testId).getAttribute('data-drawn')).toBe('true');

async function useTheme(theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
}

const analyses = (tab: string) => `/app/analises?aba=${tab}&locationId=${locationId}`;

describe('Análises', () => {
  it('draws stock value, ABC, coverage and dead stock from the ledger, in light and dark, with no axe violations', async () => {
    await loginAsAdmin();
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(theme);
      await page.goto(`${analyses('valor')}&de=${m2.key}`);
      await drawn('stock-value-chart');
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(theme);
      // by hand: month −2: juice 20 + soap 15; month −1: + coffee 10; today: juice 4 × 2 + coffee 8 × 1, soap 15
      expect(await rowsOf('stock-value-table')).toEqual([
        `${m2.name} | ${money(20)} | ${money(15)} | ${money(35)}`,
        `${m1.name} | ${money(30)} | ${money(15)} | ${money(45)}`,
        `${m0.name} | ${money(16)} | ${money(15)} | ${money(31)}`,
      ]);
      await expect
        .poll(() => page.getByTestId('stock-value-summary').textContent())
        .toBe(`O valor do estoque passou de ${money(35)} em ${m2.name} para ${money(31)} em ${m0.name}.`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(analyses('abc'));
      await drawn('abc-chart');
      await page.getByText('A até 80 %, B até 95 %, C o resto').waitFor();
      // juice 6 × 2 = 12 (85,71 %) starts at 0 → A; coffee 2 × 1 = 2 starts at 85,71 % → B
      expect((await rowsOf('abc-table')).map((row) => row.split(' | '))).toEqual([
        [names.juice, expect.any(String), money(12), '85,71 %', '85,71 %', 'A'],
        [names.coffee, expect.any(String), money(2), '14,29 %', '100,00 %', 'B'],
      ]);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(analyses('cobertura'));
      await drawn('coverage-chart');
      // juice 4 ÷ (6 ÷ 30) = 20 days; coffee 8 ÷ (2 ÷ 30) = 120; soap: no exit
      await expect
        .poll(() => page.getByTestId('coverage-days').allTextContents())
        .toEqual(['120', 'sem saída', '20']);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(analyses('parado'));
      await drawn('dead-stock-chart');
      expect(await page.getByTestId('dead-stock-total').textContent()).toContain(`${money(15)} em 1 produto`);
      expect(await rowsOf('dead-stock-table')).toEqual([
        `${names.soap} | ${soapSku} | 5 UN | nunca saiu | ${money(15)}`,
      ]);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  it("suggests what to buy, follows the supplier's lead time set in its form, and downloads the purchase list", async () => {
    await loginAsAdmin();
    await page.goto(analyses('compra'));
    // juice: minimum 10 + 6 ÷ 30 a day × 10 days − 4 in stock = 8
    await expect.poll(() => page.getByTestId('reorder-quantity').allTextContents()).toEqual(['8 UN']);
    expect(await page.getByTestId('reorder-table').textContent()).toContain(names.supplier);
    await page.getByRole('button', { name: 'Baixar lista de compras' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Texto CSV (.csv)' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^lista-de-compras.*\.csv$/);
    const text = fs.readFileSync(await file.path(), 'utf8');
    expect(text).toContain(names.juice);
    expect(text).toContain(names.supplier);
    expect(await seriousViolations(page)).toEqual([]);

    // the supplier's lead time, set in its form, moves the suggestion: 10 + 0,2 × 20 − 4 = 10
    await page.goto(`/app/suppliers?q=${supplierDocument}`);
    await page.getByRole('button', { name: `Editar ${names.supplier}` }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('Prazo de entrega (dias)').inputValue()).toBe('10');
    await dialog.getByLabel('Prazo de entrega (dias)').fill('20');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(analyses('compra'));
    await expect.poll(() => page.getByTestId('reorder-quantity').allTextContents()).toEqual(['10 UN']);
  });

  it('fits a phone: the chart takes the width and the table keeps its key columns', async () => {
    await page.setViewportSize(PHONE);
    await loginAsAdmin();
    await page.goto(analyses('parado'));
    await drawn('dead-stock-chart');
    const box = await page.getByTestId('dead-stock-chart').boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    expect(box?.width).toBeLessThanOrEqual(PHONE.width);
    const { width, culprits } = await documentWidth(page);
    expect(width, culprits.join(', ')).toBeLessThanOrEqual(PHONE.width);
    await expect.poll(() => page.getByTestId('dead-stock-value').first().isVisible()).toBe(true);
    expect(await page.getByRole('columnheader', { name: 'Código' }).isVisible()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('Início', () => {
  it('draws the stock value and ABC charts with their tables, the purchases and the dead stock, in both themes and on a phone', async () => {
    const stockValue = (
      await admin('GET', `/api/reports/v1/stock-value?from=${monthBack(11).key}&to=${m0.key}`)
    ).json() as { totals: Array<{ month: string; totalValue: string }> };
    const dead = (await admin('GET', '/api/reports/v1/dead-stock?days=90&pageSize=1')).json() as {
      totalValue: string;
    };
    await loginAsAdmin();
    for (const [theme, size] of [
      ['light', null],
      ['dark', PHONE],
    ] as const) {
      if (size) await page.setViewportSize(size);
      await useTheme(theme);
      await page.goto('/app/welcome');
      await drawn('dashboard-stock-value-chart');
      await drawn('dashboard-abc-chart');
      // the first establishment's figures, whatever the other files posted: the table says what the call says
      const table = await rowsOf('dashboard-stock-value-table');
      expect(table).toHaveLength(12);
      expect(table[11]).toContain(money(stockValue.totals[11]?.totalValue ?? 0));
      expect(await page.getByTestId('dashboard-stock-value-summary').textContent()).toContain(
        `para ${money(stockValue.totals[11]?.totalValue ?? 0)} em ${m0.name}.`,
      );
      expect(await page.getByTestId('dashboard-dead-stock').textContent()).toContain(money(dead.totalValue));
      expect(await page.getByTestId('dashboard-products').textContent()).not.toBe('—');
      const label = await page.getByRole('img', { name: /valor do estoque no fim de cada mês/ }).count();
      expect(label).toBe(1);
      if (!size) {
        // the header's sun/moon re-draws the charts in the other theme's colours, without reloading
        const pixels = () =>
          page
            .getByTestId('dashboard-abc-chart')
            .locator('canvas')
            .evaluate((canvas) => {
              return (canvas as HTMLCanvasElement).toDataURL();
            });
        const before = await pixels();
        await page.getByRole('button', { name: 'Usar tema escuro' }).click();
        await expect.poll(pixels).not.toBe(before);
        await drawn('dashboard-abc-chart');
        await page.getByRole('button', { name: 'Usar tema claro' }).click();
        await expect.poll(pixels).toBe(before);
      }
      if (size) {
        const { width, culprits } = await documentWidth(page);
        expect(width, culprits.join(', ')).toBeLessThanOrEqual(size.width);
      }
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
