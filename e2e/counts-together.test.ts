import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  adminCookie,
  api,
  createCategory,
  createProduct,
  createUser,
  httpClient,
  loginAsAdmin,
  otherBrowser,
  page,
  unityId,
  useBrowser,
} from './fixtures.ts';
import { uniqueEan13 } from './a11y-helpers.ts';

useBrowser();

/** The app answers within the page's own timeout, also on a busy machine. */
const WAIT = { timeout: 15_000 };

/** A product with a "Pacote c/ 100" package, in its own category, and an open count of that category. */
async function seedCount() {
  const stamp = Date.now();
  const cookie = await adminCookie();
  const client = httpClient(cookie);
  const category = await createCategory(client, `Contagem conjunta ${stamp}`);
  const coffee = await createProduct(client, {
    sku: `CAFE-${stamp}`,
    name: 'Café 500 g',
    categoryId: category.id,
  });
  const batches = (await (await api('/api/unity-batches/v1', { cookie })).json()) as Array<{
    id: number;
    code: string;
  }>;
  const barcode = uniqueEan13();
  const pack = await api(`/api/products/v1/${coffee.id}/unity/v1`, {
    method: 'POST',
    cookie,
    body: {
      unityId: await unityId(client, 'PCT'),
      unityBatchId: batches.find((batch) => batch.code === 'PACOTE')?.id,
      quantity: 100,
      barcode,
    },
  });
  expect(pack.status).toBe(201);
  const started = await api('/api/stock/counts/v1', {
    method: 'POST',
    cookie,
    body: { categoryId: category.id },
  });
  expect(started.status).toBe(201);
  const operator = await createUser(client, { name: 'Bruno Operador' });
  return { coffee, barcode, operator, count: (await started.json()) as { id: number } };
}

/** A second person, in a browser context of their own, signed in and on the count. */
async function secondPerson(account: { email: string; password: string }, countId: number): Promise<Page> {
  const other = await otherBrowser();
  await other.goto('/login');
  await other.getByLabel('E-mail').fill(account.email);
  await other.getByLabel('Senha').fill(account.password);
  await other.getByRole('button', { name: 'Entrar' }).click();
  await other.waitForURL('**/app/welcome');
  await other.goto(`/app/counts/${countId}`);
  await other.getByTestId('count-scan').waitFor(WAIT);
  return other;
}

async function scan(on: Page, code: string, quantity?: string) {
  if (quantity) await on.getByTestId('count-quantity').fill(quantity);
  await on.getByTestId('count-scan').fill(code);
  await on.getByTestId('count-scan').press('Enter');
}

const counted = (on: Page) => on.getByTestId('count-line').first().getByTestId('count-counted').textContent();

describe('Counting together', () => {
  it("two people scan one open count; each sees the other's count without reloading", async () => {
    const { coffee, barcode, operator, count } = await seedCount();
    await loginAsAdmin();
    await page.goto(`/app/counts/${count.id}`);
    await page.getByTestId('count-scan').waitFor(WAIT);
    const other = await secondPerson(operator, count.id);
    try {
      // the admin scans the product's SKU: one unit, seen by the operator without a reload
      await scan(page, coffee.sku);
      await expect.poll(() => page.getByTestId('count-last').textContent(), WAIT).toBe('Café 500 g: 1 UN');
      await expect.poll(() => counted(other), WAIT).toBe('1 UN');

      // the operator scans the package's barcode with 20 typed: 20 packages of 100, and the screen says so
      await scan(other, barcode, '20');
      await expect
        .poll(() => other.getByTestId('count-last').textContent(), WAIT)
        .toContain('20 × Pacote c/ 100 UN = 2.000 UN');
      expect(await other.getByTestId('count-last').textContent()).toContain('Contagem agora: 2.001 UN');
      await expect.poll(() => counted(page), WAIT).toBe('2.001 UN');
      await expect
        .poll(() => page.getByTestId('count-parts').first().textContent(), WAIT)
        .toContain('Bruno Operador: 2.000 UN');

      // and both screens end on the same figure after scanning at the same time
      await Promise.all([scan(page, coffee.sku), scan(other, coffee.sku)]);
      await expect.poll(() => counted(page), WAIT).toBe('2.003 UN');
      await expect.poll(() => counted(other), WAIT).toBe('2.003 UN');
    } finally {
      await other.context().close();
    }
  });

  it('a total typed over a figure someone changed meanwhile is refused with who changed it; a sheet previews and adds', async () => {
    const { coffee, count } = await seedCount();
    const cookie = await adminCookie();
    await loginAsAdmin();
    await page.goto(`/app/counts/${count.id}`);
    const line = page.getByTestId('count-line').first();
    await line.getByRole('button', { name: 'Digitar total' }).click();
    await line.getByTestId('count-total').fill('5');
    // meanwhile someone else scans the product
    const scanned = await api(`/api/stock/counts/v1/${count.id}/scans`, {
      method: 'POST',
      cookie,
      body: { code: coffee.sku },
    });
    expect(scanned.status).toBe(200);
    await line.getByRole('button', { name: 'Salvar total' }).click();
    await expect
      .poll(() => line.getByTestId('count-total-note').textContent(), WAIT)
      .toContain('alterou a contagem de Café 500 g para 1 UN. Confira e digite de novo.');
    await expect.poll(() => counted(page), WAIT).toBe('1 UN');

    // the sheet: read first, in the mode chosen, then added
    await page.getByTestId('count-sheet-input').setInputFiles({
      name: 'contagem.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Código;Quantidade contada\r\n${coffee.sku};3\r\n`, 'latin1'),
    });
    const preview = page.getByTestId('count-sheet-preview');
    await expect.poll(() => preview.textContent(), WAIT).toContain('1 → 3 UN');
    await preview.getByLabel('Somar ao que foi contado').check();
    await expect.poll(() => preview.textContent(), WAIT).toContain('1 → 4 UN');
    await preview.getByRole('button', { name: 'Somar à contagem' }).click();
    await expect.poll(() => counted(page), WAIT).toBe('4 UN');
  });
});
