import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  adminCookie,
  api,
  createCategory,
  createProduct,
  defaultUnityId,
  httpClient,
  loginAsAdmin,
  modal,
  notification,
  page,
  stockIn,
  stockOut,
  unityId,
  useBrowser,
} from './fixtures.ts';
import { documentWidth, seedProductWithBox, seedStock } from './a11y-helpers.ts';

useBrowser();

/** The app answers within the page's own timeout, also on a busy machine. */
const WAIT = { timeout: 15_000 };
const PHONE = { width: 390, height: 844 };

describe('Balanço on a phone with a scanner', () => {
  it('each scan adds one package (or the typed quantity), the differences show, and the count posts', async () => {
    const sku = `CONT-${Date.now()}`;
    const { cookie, product, box } = await seedProductWithBox(sku, 'Refrigerante lata 350 ml contado');
    await seedStock(cookie, product.id, box.id); // 2 boxes in, 1 out: 12 UN expected
    const other = await seedProductWithBox(`${sku}-B`, 'Água mineral 500 ml contada');
    await page.setViewportSize(PHONE);
    await loginAsAdmin();
    await page.goto('/app/counts');
    await page.getByRole('button', { name: 'Iniciar balanço' }).click();
    const scan = page.getByTestId('count-scan');
    await scan.waitFor(WAIT);
    const last = page.getByTestId('count-last');

    // A scanner types the digits quickly and ends with Enter: a box of 12, then the product's own barcode (1).
    await scan.focus();
    await page.keyboard.type(box.barcode, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(() => last.textContent(), WAIT).toContain('12 UN');
    await page.keyboard.type(product.barcode, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(() => last.textContent(), WAIT).toContain('13 UN');
    // a quantity typed first is added instead of one package
    await page.getByTestId('count-quantity').fill('2');
    await scan.fill(sku);
    await scan.press('Enter');
    await expect.poll(() => last.textContent(), WAIT).toContain('15 UN');
    // a box scanned twice by mistake is taken back with a negative quantity; the summary follows every scan
    await scan.fill(box.barcode);
    await scan.press('Enter');
    await expect.poll(() => last.textContent(), WAIT).toContain('27 UN');
    await page.getByTestId('count-quantity').fill('-12');
    await scan.fill(sku);
    await scan.press('Enter');
    await expect.poll(() => last.textContent(), WAIT).toContain('15 UN');
    await expect
      .poll(() => page.getByTestId('count-summary').textContent(), WAIT)
      .toMatch(/^Contados: 1 de \d+ produtos?/);
    await page.getByTestId('count-quantity').fill('-100');
    await scan.fill(sku);
    await scan.press('Enter');
    await expect.poll(() => last.textContent(), WAIT).toContain('não dá para tirar 100');
    expect(await documentWidth(page)).toEqual({ width: PHONE.width, culprits: [] });

    await page.getByText('Só diferenças').click();
    const line = page.getByTestId('count-line').filter({ hasText: sku });
    await expect.poll(() => line.textContent(), WAIT).toContain('Contado por');
    expect(await line.textContent()).toContain('15 UN');
    expect(await line.textContent()).toContain('+3 UN'); // 12 expected, 15 counted
    // the scanner still reads a product this view leaves out (not counted yet, so no difference)
    await scan.fill(other.product.barcode);
    await scan.press('Enter');
    await expect.poll(() => last.textContent(), WAIT).toContain('Água mineral 500 ml contada');
    expect(await last.textContent()).not.toContain('não encontrado');

    await page.getByRole('button', { name: 'Lançar no estoque' }).click();
    await page.getByRole('button', { name: 'Confirmar lançamento' }).click();
    await expect.poll(() => page.getByText('Lançado', { exact: true }).count(), WAIT).toBeGreaterThan(0);
    expect(await documentWidth(page)).toEqual({ width: PHONE.width, culprits: [] });

    // undone from the same screen, after its confirmation in the shared modal
    await page.getByRole('button', { name: 'Desfazer balanço' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Desfazer', exact: true }).click();
    await expect.poll(() => page.getByText('Descartado', { exact: true }).count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);
  });
});

/** The focused element, and whether keyboard focus is drawn around it (a 2 px line of its own). */
const focused = () =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const style = element ? getComputedStyle(element) : null;
    return {
      text: element?.textContent?.trim() ?? '',
      drawn: Boolean(style && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2),
    };
  });

/** Three products of a fresh category (kilograms, units with 2 in stock, one left uncounted) and a count of it. */
async function seedCategoryCount() {
  const stamp = Date.now();
  const cookie = await adminCookie();
  const client = httpClient(cookie);
  const category = await createCategory(client, `Balanço E2E ${stamp}`);
  const rice = await createProduct(client, {
    sku: `KG-${stamp}`,
    name: 'Arroz a granel',
    categoryId: category.id,
    baseUnityId: await unityId(client, 'KG'),
  });
  const corn = await createProduct(client, {
    sku: `UN-${stamp}`,
    name: 'Lata de milho',
    categoryId: category.id,
  });
  await createProduct(client, { sku: `NC-${stamp}`, name: 'Produto não contado', categoryId: category.id });
  // yesterday, as the business sees it: today's exit after the count is then allowed (a posted count fixes its
  // products on and before its date, COUNT_POSTED) and the undo that would take it below zero can be tried
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await stockIn(client, {
    productId: corn.id,
    productUnityId: await defaultUnityId(client, corn.id),
    quantity: '2',
    unitCost: '3.00',
    occurredOn: yesterday,
  });
  const started = await api('/api/stock/counts/v1', {
    method: 'POST',
    cookie,
    body: { categoryId: category.id, description: `Leitura ${stamp}`, countedOn: yesterday },
  });
  expect(started.status).toBe(201);
  return { cookie, client, rice, corn, count: (await started.json()) as { id: number } };
}

describe('Balanço: what was typed, what was refused, and the words', () => {
  it('reads a typed quantity before saving, keeps a refused one at its field, and words the counts', async () => {
    const { cookie, client, rice, corn, count } = await seedCategoryCount();
    await loginAsAdmin();
    await page.goto(`/app/counts/${count.id}`);
    const scan = page.getByTestId('count-scan');
    await scan.waitFor(WAIT);
    const quantity = page.getByTestId('count-quantity');
    const last = page.getByTestId('count-last');
    const reading = page.getByTestId('number-reading');

    // the filled sheet is sent from a button that Tab reaches and draws focused, on a desktop and on a phone;
    // Enter opens the file chooser (once: a page keeps one chooser at a time)
    for (const size of [{ width: 1280, height: 900 }, PHONE]) {
      await page.setViewportSize(size);
      await page.getByRole('link', { name: 'Baixar planilha de contagem' }).focus();
      await page.keyboard.press('Tab');
      expect(await focused()).toEqual({ text: 'Enviar planilha preenchida', drawn: true });
    }
    const upload = page.getByRole('button', { name: 'Enviar planilha preenchida' });
    await expect.poll(() => upload.isEnabled(), WAIT).toBe(true);
    // the chooser is intercepted once the listener is in place in the browser: one round trip to the page after
    // adding it settles that before Enter is pressed (on a busy machine Enter could otherwise come first)
    const choosing = page.waitForEvent('filechooser', WAIT);
    await page.evaluate(() => document.activeElement?.textContent);
    expect(await focused()).toEqual({ text: 'Enviar planilha preenchida', drawn: true });
    await page.keyboard.press('Enter');
    const chooser = await choosing;
    expect(chooser.isMultiple()).toBe(false);

    // an unknown code is said at the code field
    await scan.fill('NAOEXISTE');
    await scan.press('Enter');
    await expect.poll(() => last.textContent(), WAIT).toContain('Código NAOEXISTE não encontrado');
    expect(await scan.getAttribute('aria-invalid')).toBe('true');

    // half a unit: the server's refusal at the quantity, the old message gone, what was typed kept, no toast
    await scan.fill(corn.sku);
    await quantity.fill('0,5');
    await expect.poll(() => reading.textContent(), WAIT).toBe('Quantidade = 0,5 UN');
    await quantity.press('Enter');
    await expect.poll(() => last.textContent(), WAIT).toContain('não aceita frações');
    expect(await last.textContent()).not.toContain('NAOEXISTE');
    expect(await scan.inputValue()).toBe(corn.sku);
    expect(await quantity.inputValue()).toBe('0,5');
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    expect(await scan.getAttribute('aria-invalid')).toBe('false');
    expect(await notification().count()).toBe(0);
    await quantity.fill('2');
    await quantity.press('Enter');
    await expect.poll(() => last.textContent(), WAIT).toBe('Lata de milho: 2 UN');
    expect(await scan.inputValue()).toBe('');

    // "1.500" kilograms: how it was read shows while it is typed, and nothing is saved before Enter
    await scan.fill(rice.sku);
    await quantity.fill('1.500');
    await expect.poll(() => reading.textContent(), WAIT).toBe('Quantidade = 1.500 KG');
    expect(await last.textContent()).toBe('Lata de milho: 2 UN');
    const detail = await (await api(`/api/stock/counts/v1/${count.id}`, { cookie })).json();
    const riceLine = detail.items.find((item: { product: { id: number } }) => item.product.id === rice.id);
    expect(riceLine.countedQuantity).toBeNull();
    await quantity.press('Enter');
    await expect.poll(() => last.textContent(), WAIT).toBe('Arroz a granel: 1.500 KG');
    expect(await reading.count()).toBe(0);

    // counts of things agree in number
    await expect
      .poll(() => page.getByTestId('count-summary').textContent(), WAIT)
      .toMatch(/^Contados: 2 de 3 produtos ·/);
    await page.getByRole('button', { name: 'Lançar no estoque' }).click();
    await expect
      .poll(() => modal().getByTestId('post-summary').textContent(), WAIT)
      .toMatch(
        /^1 produto com diferença: sobras de R\$\s[\d.,]+ e faltas de R\$\s[\d.,]+\. 1 produto não foi contado\.$/,
      );
    await modal().getByRole('button', { name: 'Confirmar lançamento' }).click();
    await expect.poll(() => page.getByText('Lançado', { exact: true }).count(), WAIT).toBeGreaterThan(0);

    // undoing it would take the rice below zero after a later exit: the refusal stays in the dialog
    await stockOut(client, {
      productId: rice.id,
      productUnityId: await defaultUnityId(client, rice.id),
      quantity: '1500',
      reason: 'venda',
    });
    await page.getByRole('button', { name: 'Desfazer balanço' }).click();
    await modal().getByRole('button', { name: 'Desfazer', exact: true }).click();
    await expect
      .poll(() => modal().getByTestId('modal-error').textContent(), WAIT)
      .toContain('ficaria negativo');
    expect(await modal().isVisible()).toBe(true);
    expect(await notification().count()).toBe(0);
    await modal().getByRole('button', { name: 'Cancelar' }).click();
    await modal().waitFor({ state: 'detached' });
    expect(await page.getByText('Lançado', { exact: true }).count()).toBeGreaterThan(0);

    // the list says how many were counted, in the singular or the plural
    await page.goto('/app/counts');
    const listed = page.getByRole('listitem').filter({ hasText: `Balanço nº ${count.id} ` });
    await expect.poll(() => listed.textContent(), WAIT).toContain('2 produtos contados');
  });
});

describe('Balanço per location', () => {
  it('offers the locations once there is more than one, and shows the one counted', async () => {
    const client = httpClient(await adminCookie());
    const [matriz] = (await client('GET', '/api/establishments/v1')).json() as Array<{ id: number }>;
    const name = `Prateleira ${Date.now()}`;
    const created = await client('POST', '/api/locations/v1', { establishmentId: matriz?.id, name });
    expect(created.status).toBe(201);
    const location = created.json() as { id: number };
    try {
      await loginAsAdmin();
      await page.goto('/app/counts');
      const select = page.getByTestId('count-location');
      await select.waitFor(WAIT);
      await select.selectOption(String(location.id));
      await page.getByRole('button', { name: 'Iniciar balanço' }).click();
      await expect.poll(() => page.getByTestId('count-location-name').textContent(), WAIT).toBe(name);
      // the list names it too
      await page.goto('/app/counts');
      const listed = page.getByRole('listitem').filter({ hasText: name });
      await expect.poll(() => listed.count(), WAIT).toBe(1);
    } finally {
      // out of the other tests' choices (a location a count names stays, inactive)
      await client('PATCH', `/api/locations/v1/${location.id}`, { status: 'inactive' });
    }
  });
});

describe('Inventário', () => {
  it('shows the table by NCM and downloads the book (PDF, XLSX) and the Bloco H file', async () => {
    const sku = `INV-${Date.now()}`;
    const { cookie, product, box } = await seedProductWithBox(sku, 'Produto do inventário');
    await seedStock(cookie, product.id, box.id);
    await loginAsAdmin();
    await page.goto('/app/inventory');
    await expect.poll(() => page.getByTestId('inventory-table').textContent(), WAIT).toContain(sku);
    // products without NCM are warned about
    expect(await page.getByRole('alert').first().textContent()).toContain('sem NCM');
    // the SPED reason is named in plain words, without the register's field code
    expect(await page.getByLabel('Motivo do inventário').count()).toBe(1);
    expect(await page.locator('main').textContent()).not.toContain('MOT_INV');

    const download = async (testId: string) => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
      return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path()) ?? '') };
    };
    const pdf = await download('inventory-pdf');
    expect(pdf.name).toMatch(/^registro-inventario-\d{8}\.pdf$/);
    expect(pdf.bytes.subarray(0, 4).toString()).toBe('%PDF');
    const xlsx = await download('inventory-xlsx');
    expect(xlsx.name).toMatch(/^registro-inventario-\d{8}\.xlsx$/);
    const sped = await download('inventory-sped');
    expect(sped.name).toMatch(/^inventario-bloco-h-\d{8}\.txt$/);
    const text = sped.bytes.toString('latin1');
    expect(text).toContain(`|H010|${sku}|UN|12,000|`);
    expect(text).toMatch(/\|H990\|\d+\|/);
  });
});
