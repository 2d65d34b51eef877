import { afterEach, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import {
  adminCookie,
  api,
  loginAsAdmin,
  modal,
  notification,
  openFromMenu,
  page,
  useBrowser,
} from './fixtures.ts';
import { cnpjFor } from '../test-support/factories.ts';

useBrowser();

// "today" as the business and the browser see it (both America/Sao_Paulo)
const todayIso = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
function daysBefore(days: number): string {
  const date = new Date(`${todayIso()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
const br = (iso: string) => iso.split('-').reverse().join('/');
const money = (text: string) => `R$\u00a0${text}`;

let sequence = 0;

/**
 * A product in UN with its default product unity, named uniquely so a rerun never meets old data; `movement` is
 * what a movement of it names (product and package).
 */
async function createProduct(cookie: string, prefix: string) {
  sequence += 1;
  const sku = `${prefix}-${Date.now()}-${sequence}`;
  const unities = await (await api('/api/unities/v1', { cookie })).json();
  const un = unities.find((u: { code: string }) => u.code === 'UN').id;
  const response = await api('/api/products/v1', {
    method: 'POST',
    cookie,
    body: { sku, name: `Produto ${sku}`, categoryId: 1, baseUnityId: un, minStock: 0 },
  });
  expect(response.status).toBe(201);
  const product = (await response.json()) as { id: number; sku: string; name: string };
  const select = (await (
    await api(`/api/products/v1/${product.id}/unity/v1/select`, { cookie })
  ).json()) as Array<{ id: number; isDefault: boolean }>;
  const productUnityId = select.find((item) => item.isDefault)?.id;
  if (!productUnityId) throw new Error('produto sem unidade padrão');
  return { ...product, movement: { productId: product.id, productUnityId } };
}

async function post(cookie: string, path: string, body: unknown) {
  const response = await api(path, { method: 'POST', cookie, body });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path} ${response.status}: ${JSON.stringify(json)}`);
  return json as { id: number };
}

/** Leaves every month open again (a reopen opens that month and every later one). */
async function reopenEverything(cookie: string) {
  const { closedThrough } = await (await api('/api/stock/closings/v1', { cookie })).json();
  if (closedThrough === null || closedThrough < '2000-01') return;
  await post(cookie, '/api/stock/closings/v1/reopen', { year: 2000, month: 1, reason: 'Limpeza do teste' });
}

describe('stock over time in the browser', () => {
  afterEach(async () => reopenEverything(await adminCookie()));

  it('cancels a manual entry with a reason, lists it struck through under Cancelados and zeroes the balance', async () => {
    const cookie = await adminCookie();
    const product = await createProduct(cookie, 'CAN');
    await post(cookie, '/api/stock/in/v1', {
      ...product.movement,
      quantity: '5',
      unitCost: '3.00',
      document: 'NF 9001',
    });
    // a second product whose entry later exits depend on: its cancellation is refused
    const consumed = await createProduct(cookie, 'CNS');
    await post(cookie, '/api/stock/in/v1', {
      ...consumed.movement,
      quantity: '10',
      unitCost: '2.00',
    });
    await post(cookie, '/api/stock/out/v1', {
      ...consumed.movement,
      quantity: '8',
      reason: 'venda',
    });
    await loginAsAdmin();

    await openFromMenu('Entradas');
    const row = (sku: string) => page.getByTestId('ledger-table').locator('tr', { hasText: sku });

    // the server's refusal shows inside the modal
    await row(consumed.sku)
      .getByRole('button', { name: /^Cancelar/ })
      .click();
    await modal().getByLabel('Motivo do cancelamento').fill('Digitado errado');
    await modal().getByRole('button', { name: 'Cancelar movimento' }).click();
    await expect
      .poll(() => modal().getByTestId('modal-error').textContent())
      .toMatch(/ficaria negativo: disponível 0 UN, solicitado 8 UN/);
    // said once, inside the dialog, and gone with it
    expect(await page.getByText(/ficaria negativo/).count()).toBe(1);
    await modal().getByRole('button', { name: 'Voltar' }).click();
    await modal().waitFor({ state: 'detached' });
    expect(await page.getByText(/ficaria negativo/).count()).toBe(0);

    // a reason is required, 3 to 200 characters; the dialog opens on its field, ready to type
    await row(product.sku)
      .getByRole('button', { name: /^Cancelar/ })
      .click();
    await expect
      .poll(() =>
        modal()
          .getByLabel('Motivo do cancelamento')
          .evaluate((field) => field === document.activeElement),
      )
      .toBe(true);
    await modal().getByRole('button', { name: 'Cancelar movimento' }).click();
    await expect
      .poll(() => modal().getByRole('alert').first().textContent())
      .toBe('Informe o motivo do cancelamento.');
    await modal().getByLabel('Motivo do cancelamento').fill('ab');
    await modal().getByRole('button', { name: 'Cancelar movimento' }).click();
    await expect
      .poll(() => modal().getByRole('alert').first().textContent())
      .toBe('O motivo deve ter pelo menos 3 caracteres.');
    await modal().getByLabel('Motivo do cancelamento').fill('Lançada em duplicidade');
    await modal().getByRole('button', { name: 'Cancelar movimento' }).click();
    await expect.poll(() => notification().textContent()).toContain('Movimento cancelado!');
    await row(product.sku).waitFor({ state: 'detached' });
    // its "Cancelar" is gone with it: focus is on the list's heading, not lost on the page
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Entradas');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');

    // under Cancelados, kept in the URL, struck through with who, when and why
    await page.getByLabel('Situação').selectOption({ label: 'Cancelados' });
    await page.waitForURL(/status=cancelled/);
    const cancelled = row(product.sku);
    await cancelled.waitFor();
    expect(await cancelled.getAttribute('data-cancelled')).toBe('true');
    expect(await cancelled.getByTestId('cancelled-note').textContent()).toMatch(
      new RegExp(`^Cancelado em ${br(todayIso())} por .+: Lançada em duplicidade$`),
    );
    const decoration = await cancelled
      .locator('td')
      .first()
      .evaluate((cell) => getComputedStyle(cell).textDecorationLine);
    expect(decoration).toBe('line-through');
    // at 1280 pixels the whole row fits beside the menu, to the reason of the cancellation: nothing scrolls sideways
    const wrapper = cancelled.locator('xpath=ancestor::table/..');
    expect(
      await wrapper.evaluate((element) => element.scrollWidth - element.clientWidth),
    ).toBeLessThanOrEqual(0);
    await page.reload();
    await cancelled.waitFor();
    expect(await page.getByLabel('Situação').inputValue()).toBe('cancelled');
    expect(await row(consumed.sku).count()).toBe(0);

    // its product's list, showing the active rows (the default), is empty and says where the cancelled entry is
    const only = new URLSearchParams({
      productId: String(product.id),
      productSku: product.sku,
      productName: product.name,
    });
    await page.goto(`/app/stock-in?${only.toString()}`);
    await page
      .getByText('Nenhuma entrada ativa com esses filtros. As canceladas aparecem em Situação: Cancelados.', {
        exact: true,
      })
      .waitFor();

    // the balance is back to zero
    await openFromMenu('Estoque');
    await page.getByLabel('Buscar produto').fill(product.sku);
    await expect
      .poll(() => page.getByTestId(`stock-row-${product.sku}`).getByTestId('stock-quantity').textContent())
      .toBe('0 UN');
  });

  it('shows the kardex with opening, running balance and closing, exports it, and balances at a past date', async () => {
    const cookie = await adminCookie();
    const product = await createProduct(cookie, 'KDX');
    const { movement } = product;
    await post(cookie, '/api/stock/in/v1', {
      ...movement,
      quantity: '10',
      unitCost: '4.00',
      occurredOn: daysBefore(20),
    });
    await post(cookie, '/api/stock/out/v1', {
      ...movement,
      quantity: '5',
      reason: 'venda',
      occurredOn: daysBefore(5),
      document: 'Pedido 77',
    });
    // typed late, dated before the exit: the exit is revalued at the new average (R$ 5,0063); costs per unit show
    // what the ledger keeps, up to R$ 0,0001, as the files do; totals show cents
    await post(cookie, '/api/stock/in/v1', {
      ...movement,
      quantity: '10',
      unitCost: '6.0125',
      occurredOn: daysBefore(10),
      document: 'NF 123',
    });
    await loginAsAdmin();

    await page.goto(`/app/products/${product.id}`);
    // the tabs answer the arrow keys, as tabs do
    await page.getByRole('tab', { name: 'Cadastro' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/tab=kardex/);
    expect(
      await page.getByRole('tab', { name: 'Kardex' }).evaluate((tab) => tab === document.activeElement),
    ).toBe(true);
    await page.getByLabel('De', { exact: true }).fill(br(daysBefore(15)));
    await page.getByLabel('Até', { exact: true }).fill(br(todayIso()));

    const table = page.getByTestId('kardex-table');
    await expect
      .poll(() => table.getByTestId('kardex-opening').textContent())
      .toBe(`Saldo anterior10 UN${money('4,00')}${money('40,00')}`);
    const rows = table.getByTestId('kardex-row');
    expect(await rows.count()).toBe(2);
    const cells = async (index: number) => rows.nth(index).locator('td').allTextContents();
    expect(await cells(0)).toEqual([
      br(daysBefore(10)),
      'Entrada\u00a0· Manual',
      'NF 123',
      '10 UN',
      money('6,0125'),
      money('60,13'),
      '20 UN',
      money('5,0063'),
      money('100,13'),
    ]);
    expect(await cells(1)).toEqual([
      br(daysBefore(5)),
      'Saída (Venda)\u00a0· Manual',
      'Pedido 77',
      '−5 UN',
      money('5,0063'),
      money('25,03'),
      '15 UN',
      money('5,0062'),
      money('75,09'),
    ]);
    expect(await table.getByTestId('kardex-closing').textContent()).toBe(
      `Saldo final15 UN${money('5,0062')}${money('75,09')}`,
    );

    // at 1280 pixels all nine columns fit beside the sidebar; a phone draws the date, the movement, its quantity and
    // the running balance, with the opening and closing balances under it, and nothing scrolls sideways
    const overflow = () =>
      table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth);
    const shown = (cells: Locator) =>
      cells.evaluateAll((list) =>
        list.filter((cell) => cell.getClientRects().length > 0).map((cell) => cell.textContent),
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => shown(table.locator('thead th')))
      .toEqual(['Data', 'Movimento', 'Qtd.Quantidade', 'Saldo']);
    expect(await shown(table.getByTestId('kardex-closing').locator('td'))).toEqual(['Saldo final', '15 UN']);
    expect(await shown(rows.nth(1).locator('td'))).toEqual([
      br(daysBefore(5)),
      'Saída (Venda)\u00a0· Manual',
      '−5 UN',
      '15 UN',
    ]);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await page.getByTestId('table-scroll-hint').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => shown(table.locator('thead th'))).toHaveLength(9);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Exportar XLSX' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(download.url()).toContain(`from=${daysBefore(15)}&to=${todayIso()}&format=xlsx`);
    // the range is in the URL: a reload keeps it
    await page.reload();
    await expect.poll(() => page.getByLabel('De', { exact: true }).inputValue()).toBe(br(daysBefore(15)));
    // an inverted range says so, and offers no file of it
    await page.getByLabel('De', { exact: true }).fill(br(todayIso()));
    await page.getByLabel('Até', { exact: true }).fill(br(daysBefore(15)));
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'A data inicial' }).textContent())
      .toBe('A data inicial deve ser anterior ou igual à final.');
    expect(await page.getByTestId('kardex-table').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Exportar XLSX' }).count()).toBe(0);

    // Estoque "Saldo em": the balance at the end of a past date
    await openFromMenu('Estoque');
    await page.getByLabel('Buscar produto').fill(product.sku);
    const quantity = () =>
      page.getByTestId(`stock-row-${product.sku}`).getByTestId('stock-quantity').textContent();
    await expect.poll(quantity).toBe('15 UN');
    await page.getByLabel('Saldo em').fill(br(daysBefore(8)));
    await page.waitForURL(new RegExp(`date=${daysBefore(8)}`));
    await expect.poll(quantity).toBe('20 UN');
    await page.getByLabel('Saldo em').fill(br(daysBefore(15)));
    await expect.poll(quantity).toBe('10 UN');
    await page.reload();
    await page.getByLabel('Buscar produto').fill(product.sku);
    await expect.poll(quantity).toBe('10 UN');
    expect(await page.getByLabel('Saldo em').inputValue()).toBe(br(daysBefore(15)));
    // the list says which day it shows
    expect(await page.getByRole('heading', { name: `Saldos ao fim de ${br(daysBefore(15))}` }).count()).toBe(
      1,
    );
  });

  it('at 1280 × 800 the kardex fits its card with a long supplier, a document and large figures', async () => {
    const cookie = await adminCookie();
    const product = await createProduct(cookie, 'KDW');
    const supplier = await post(cookie, '/api/suppliers/v1', {
      name: 'Distribuidora de Alimentos e Bebidas Nordeste Ltda',
      document: cnpjFor(Number(String(Date.now()).slice(-8))),
    });
    await post(cookie, '/api/stock/in/v1', {
      ...product.movement,
      quantity: '12345',
      unitCost: '1234.56',
      occurredOn: daysBefore(3),
      document: 'NF-e 000123456',
      supplierId: supplier.id,
    });
    await post(cookie, '/api/stock/out/v1', {
      ...product.movement,
      quantity: '345',
      reason: 'venda',
      occurredOn: daysBefore(2),
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAsAdmin();
    await page.goto(`/app/products/${product.id}?tab=kardex&from=${daysBefore(10)}&to=${todayIso()}`);
    const rows = page.getByTestId('kardex-table').getByTestId('kardex-row');
    await expect.poll(() => rows.count()).toBe(2);
    // the supplier under the document, in one column; a movement without either shows a dash
    const documentCell = rows.nth(0).locator('td').nth(2);
    expect(await documentCell.textContent()).toBe(
      'NF-e 000123456Distribuidora de Alimentos e Bebidas Nordeste Ltda',
    );
    expect(await rows.nth(1).locator('td').nth(2).textContent()).toBe('—');
    const scroller = page.getByTestId('kardex-table').locator('..');
    expect(
      await scroller.evaluate((element) => element.scrollWidth - element.clientWidth),
    ).toBeLessThanOrEqual(0);
    const value = await page.getByRole('columnheader', { name: 'Valor', exact: true }).boundingBox();
    const card = await scroller.boundingBox();
    expect(value && card && value.x + value.width <= card.x + card.width).toBe(true);
    // "Qtd." is read out, and shown on hover, as Quantidade
    expect(
      await page.getByRole('columnheader', { name: 'Quantidade' }).locator('[title="Quantidade"]').count(),
    ).toBe(1);
  });

  it('closes last month as admin, refuses an entry dated in it, and reopens it with a reason', async () => {
    const cookie = await adminCookie();
    await reopenEverything(cookie);
    const product = await createProduct(cookie, 'FEC');
    const [year, month] = todayIso().split('-').map(Number) as [number, number];
    const last = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
    const label = `${String(last.month).padStart(2, '0')}/${last.year}`;
    const dayInLastMonth = `${last.year}-${String(last.month).padStart(2, '0')}-15`;
    const before = await api('/api/stock/in/v1', {
      method: 'POST',
      cookie,
      body: { ...product.movement, quantity: '1', unitCost: '2.00', occurredOn: dayInLastMonth },
    });
    expect(before.status).toBe(201);
    await loginAsAdmin();

    const chooseLastMonth = async () => {
      await page.getByLabel('Ano').selectOption(String(last.year));
      await page.getByLabel('Mês').selectOption(String(last.month));
    };
    const status = () => page.getByTestId('month-status').textContent();

    await openFromMenu('Movimentação');
    await chooseLastMonth();
    await expect.poll(status).toBe('Aberto');
    await page.getByRole('button', { name: 'Fechar mês' }).click();
    await expect.poll(() => modal().textContent()).toContain('todos os anteriores ficam fechados');
    await modal().getByRole('button', { name: 'Fechar mês' }).click();
    await expect.poll(() => notification().textContent()).toContain('Mês fechado!');
    await expect.poll(status).toMatch(new RegExp(`^Fechado em ${br(todayIso())} por .+`));
    // no sheet goes into it: the upload is off and says why
    const upload = page.getByLabel('Planilha de movimentação');
    await expect
      .poll(() => page.getByTestId('closed-month-import').textContent())
      .toBe(`O mês ${label} está fechado para movimentações. Para importar uma planilha nele, reabra o mês.`);
    expect(await upload.isDisabled()).toBe(true);

    // an entry dated in the closed month offers no Cancelar, and a new one is refused with PERIOD_CLOSED
    await openFromMenu('Entradas');
    const closedRow = page.getByTestId('ledger-table').locator('tr', { hasText: product.sku });
    await expect.poll(() => closedRow.textContent()).toContain('Mês fechado');
    expect(await closedRow.getByRole('button', { name: /^Cancelar/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Registrar entrada' }).click();
    // the form's code arrives after the dialog opens (first use): focus still goes to its first field
    await expect
      .poll(() =>
        modal()
          .getByLabel('Produto')
          .evaluate((field) => field === document.activeElement),
      )
      .toBe(true);
    await modal().getByLabel('Produto').fill(product.sku);
    await modal().getByRole('option').filter({ hasText: product.sku }).first().click();
    await modal().getByLabel('Quantidade').fill('3');
    await modal().getByLabel('Custo unitário (R$)').fill('2,50');
    await modal().getByLabel('Data').fill(br(dayInLastMonth));
    // a back-dated movement shows the balance it draws on: that date's
    await expect
      .poll(() => modal().getByTestId('available-balance').textContent())
      .toContain(`Disponível em ${br(dayInLastMonth)}:`);
    await modal().getByRole('button', { name: 'Registrar entrada' }).click();
    await expect
      .poll(() => notification().textContent())
      .toContain(`O mês ${label} está fechado para movimentações.`);
    const refused = await api('/api/stock/in/v1', {
      method: 'POST',
      cookie,
      body: {
        ...product.movement,
        quantity: '3',
        unitCost: '2.50',
        occurredOn: dayInLastMonth,
      },
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe('PERIOD_CLOSED');
    await modal().getByRole('button', { name: 'Fechar', exact: true }).first().click();
    // the refusal was the dialog's: it goes with it, no toast left behind
    await modal().waitFor({ state: 'detached' });
    expect(await notification().count()).toBe(0);

    // reopen: a reason is required; the history keeps both actions
    await openFromMenu('Movimentação');
    await chooseLastMonth();
    await expect.poll(status).toMatch(/^Fechado em/);
    await page.getByRole('button', { name: 'Reabrir mês' }).click();
    await modal().getByRole('button', { name: 'Reabrir mês' }).click();
    await expect
      .poll(() => modal().getByRole('alert').first().textContent())
      .toBe('Informe o motivo da reabertura.');
    await modal().getByLabel('Motivo da reabertura').fill('Faltou lançar uma nota');
    await modal().getByRole('button', { name: 'Reabrir mês' }).click();
    await expect.poll(() => notification().textContent()).toContain('Mês reaberto!');
    await expect.poll(status).toBe('Aberto');
    await expect.poll(() => upload.isEnabled()).toBe(true);
    expect(await page.getByTestId('closed-month-import').count()).toBe(0);
    await page.getByText('Histórico de fechamentos').click();
    await expect
      .poll(() => page.getByTestId('closings-history').locator('li').first().textContent())
      .toContain(`reabriu ${label}: Faltou lançar uma nota`);
  });
});
