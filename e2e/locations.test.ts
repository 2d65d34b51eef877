import { describe, expect, it } from 'vitest';
import {
  adminClient,
  createProduct,
  defaultUnityId,
  loginAsAdmin,
  modal,
  notification,
  page,
  stockIn,
  useBrowser,
} from './fixtures.ts';
import { businessDocument } from './nfe-helpers.ts';

useBrowser();

interface Place {
  id: number;
  name: string;
}

/** The matriz's default location, and a new location of the matriz (the business keeps its CNPJ). */
async function twoLocations() {
  const admin = await adminClient();
  await businessDocument(admin);
  const establishments = (await admin('GET', '/api/establishments/v1')).json() as Array<{
    id: number;
    defaultLocationId: number;
  }>;
  const matriz = establishments[0]!;
  const locations = (await admin('GET', `/api/locations/v1?establishmentId=${matriz.id}`)).json() as Place[];
  const main = locations.find((location) => location.id === matriz.defaultLocationId)!;
  const created = await admin('POST', '/api/locations/v1', {
    establishmentId: matriz.id,
    name: `Loja ${Date.now() % 100_000}`,
  });
  expect(created.status).toBe(201);
  return { admin, main, shop: created.json() as Place };
}

async function pickProduct(sku: string) {
  await modal().getByLabel('Produto').fill(sku);
  await modal().getByRole('option').filter({ hasText: sku }).first().click();
}

/** Opens Transferir on the stock list and fills product, quantity, origin and destination. */
async function fillTransfer(sku: string, quantity: string, from: Place, to: Place) {
  await page.getByRole('button', { name: 'Transferir' }).click();
  await pickProduct(sku);
  await modal().getByLabel('Quantidade').fill(quantity);
  await modal().getByLabel('Origem').selectOption(String(from.id));
  await modal().getByLabel('Destino').selectOption(String(to.id));
}

describe('stock per location in the browser', () => {
  it('transfers part of a balance, shows it per location, filters by location and refuses a shortage', async () => {
    const { admin, main, shop } = await twoLocations();
    const product = await createProduct(admin, { name: 'Café em grãos 1 kg' });
    const sku = product.sku as string;
    await stockIn(admin, {
      productId: product.id,
      productUnityId: await defaultUnityId(admin, product.id),
      quantity: '10',
      unitCost: '30',
      locationId: main.id,
    });

    await loginAsAdmin();
    await page.goto(`/app/stock?q=${encodeURIComponent(sku)}`);
    const row = page.getByTestId(`stock-row-${sku}`);
    await expect.poll(() => row.getByTestId('stock-quantity').textContent()).toBe('10 UN');

    // the form says how it read what was typed, and what the origin holds
    await fillTransfer(sku, '4', main, shop);
    await expect.poll(() => modal().getByTestId('available-balance').textContent()).toContain('10 UN');
    await expect.poll(() => modal().getByText('= 4 UN').isVisible()).toBe(true);
    await modal().getByLabel('Documento (opcional)').fill('TR-1');
    await modal().getByRole('button', { name: 'Transferir' }).click();
    await expect.poll(() => notification().textContent()).toContain('Transferência registrada.');
    await modal().waitFor({ state: 'detached' });

    // the whole business still holds 10, 6 in the main location and 4 in the shop
    await expect.poll(() => row.getByTestId('stock-locations').textContent()).toContain(`${shop.name}: 4`);
    expect(await row.getByTestId('stock-locations').textContent()).toContain(`${main.name}: 6`);
    expect(await row.getByTestId('stock-quantity').textContent()).toBe('10 UN');

    // one location's stock
    await page.getByLabel(/Depósito/).selectOption(`l:${shop.id}`);
    await page.waitForURL(new RegExp(`locationId=${shop.id}`));
    await expect.poll(() => row.getByTestId('stock-quantity').textContent()).toBe('4 UN');
    expect(await row.getByTestId('stock-locations').count()).toBe(0);

    // more than the shop holds: refused with the API's words, naming the location, and nothing changes
    await fillTransfer(sku, '5', shop, main);
    await expect
      .poll(() =>
        modal()
          .getByText(/passa do saldo disponível/)
          .isVisible(),
      )
      .toBe(true);
    await modal().getByRole('button', { name: 'Transferir' }).click();
    await expect
      .poll(() => modal().getByTestId('notification').textContent())
      .toMatch(
        new RegExp(
          `o saldo de Café em grãos 1 kg em ${shop.name}( \\([^)]+\\))? ficaria negativo: disponível 4 UN, solicitado 5 UN\\.`,
        ),
      );
    await page.keyboard.press('Escape');
    await modal().waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('stock-quantity').textContent()).toBe('4 UN');
  });

  it('lists a transfer in the entries of its destination and cancels the whole transfer from there', async () => {
    const { admin, main, shop } = await twoLocations();
    const product = await createProduct(admin, { name: 'Açúcar mascavo 500 g' });
    const productUnityId = await defaultUnityId(admin, product.id);
    await stockIn(admin, {
      productId: product.id,
      productUnityId,
      quantity: '8',
      unitCost: '5',
      locationId: main.id,
    });
    const transfer = await admin('POST', '/api/stock/transfers/v1', {
      productId: product.id,
      productUnityId,
      quantity: '3',
      fromLocationId: main.id,
      toLocationId: shop.id,
    });
    expect(transfer.status).toBe(201);

    await loginAsAdmin();
    await page.goto(`/app/stock-in?locationId=${shop.id}`);
    const table = page.getByTestId('ledger-table');
    await expect.poll(() => table.textContent()).toContain(product.name as string);
    const transferRow = table.locator('tr', { hasText: product.name as string });
    expect(await transferRow.getByTestId('ledger-location').textContent()).toBe(shop.name);
    await transferRow.getByRole('button', { name: /^Cancelar transferência/ }).click();
    await modal().getByLabel('Motivo do cancelamento').fill('Transferência digitada por engano');
    await modal().getByRole('button', { name: 'Cancelar movimento' }).click();
    await expect.poll(() => notification().textContent()).toContain('Transferência cancelada.');

    // under Cancelados, with its note; at 1280 pixels the row, its location column included, does not scroll sideways
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Situação').selectOption({ label: 'Cancelados' });
    const cancelled = table.locator('tr', { hasText: product.name as string });
    await expect
      .poll(() => cancelled.getByTestId('cancelled-note').textContent())
      .toContain('Transferência digitada por engano');
    const wrapper = table.locator('xpath=..');
    expect(
      await wrapper.evaluate((element) => element.scrollWidth - element.clientWidth),
    ).toBeLessThanOrEqual(0);

    // both sides are gone from the balances: all 8 back in the main location
    await page.goto(`/app/stock?q=${encodeURIComponent(product.sku as string)}&locationId=${main.id}`);
    const row = page.getByTestId(`stock-row-${product.sku as string}`);
    await expect.poll(() => row.getByTestId('stock-quantity').textContent()).toBe('8 UN');
  });

  it('shows the kardex of one location, saying whose figures it shows', async () => {
    const { admin, main, shop } = await twoLocations();
    const product = await createProduct(admin, { name: 'Farinha de mandioca 1 kg' });
    const productUnityId = await defaultUnityId(admin, product.id);
    await stockIn(admin, {
      productId: product.id,
      productUnityId,
      quantity: '6',
      unitCost: '7',
      locationId: main.id,
    });
    const transfer = await admin('POST', '/api/stock/transfers/v1', {
      productId: product.id,
      productUnityId,
      quantity: '2',
      fromLocationId: main.id,
      toLocationId: shop.id,
    });
    expect(transfer.status).toBe(201);

    await loginAsAdmin();
    await page.goto(`/app/products/${product.id}?tab=kardex`);
    const table = page.getByTestId('kardex-table');
    // the establishment's kardex: the transfer inside it shows as its two sides, the balance unchanged
    await expect.poll(() => page.getByTestId('kardex-place').textContent()).toContain('todos os depósitos');
    await expect.poll(() => table.getByTestId('kardex-row').count()).toBe(3);
    expect(await table.getByTestId('kardex-closing').textContent()).toContain('6 UN');

    await page.getByLabel(/Depósito/).selectOption(`l:${shop.id}`);
    await expect
      .poll(() => page.getByTestId('kardex-place').textContent())
      .toContain(`Depósito: ${shop.name}`);
    await expect.poll(() => table.getByTestId('kardex-row').count()).toBe(1);
    expect(await table.getByTestId('kardex-closing').textContent()).toContain('2 UN');
    expect(await table.getByTestId('kardex-row').textContent()).toContain('Transferência');
  });
});
