import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cnpjFor } from '../test-support/factories.ts';
import { buildNfe } from '../test-support/nfe-builder.ts';
import {
  adminClient,
  createProduct,
  defaultUnityId,
  loginAsAdmin,
  modal,
  openFromMenu,
  page,
  stockIn,
  useBrowser,
} from './fixtures.ts';
import { businessDocument } from './nfe-helpers.ts';

useBrowser();

/** A date `days` before today, as the business sees it (America/Sao_Paulo). */
function daysBefore(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The product's own stock, as the stock list shows it. */
async function stockOf(client: Awaited<ReturnType<typeof adminClient>>, sku: string): Promise<string> {
  const rows = (await client('GET', `/api/stock/v1?q=${encodeURIComponent(sku)}`)).json() as {
    data: Array<{ product: { sku: string }; quantity: string }>;
  };
  return rows.data.find((row) => row.product.sku === sku)?.quantity ?? '0';
}

describe('a month of documents in one go', () => {
  it('previews a .zip, creates the unmatched code as a product, imports, lists the batch and undoes it', async () => {
    const n = (Date.now() % 100_000_000) + 23;
    const client = await adminClient();
    const business = await businessDocument(client);
    // the product the shop sells, with stock before the day of the sales
    const sku = `CAFE-${n}`;
    const product = await createProduct(client, { sku, name: `Café ${n}` });
    const unity = await defaultUnityId(client, product.id);
    await stockIn(client, {
      productId: product.id,
      productUnityId: unity,
      quantity: 20,
      unitCost: 10,
      occurredOn: daysBefore(3),
    });
    const soldOn = `${daysBefore(1)}T10:00:00-03:00`;
    const sale = (number: string, quantity: string, total: string) =>
      buildNfe({
        model: '65',
        number,
        issuedAt: soldOn,
        emitter: { cnpj: business, name: 'Mercearia Boa Vista' },
        destination: null,
        items: [{ code: sku, description: `CAFE ${n}`, quantity, unitPrice: '15.00', total }],
      });
    const first = sale(String(n), '2.0000', '30.00');
    const second = sale(String(n + 1), '3.0000', '45.00');
    const supplierCode = `BIS-${n}`;
    const purchase = buildNfe({
      number: String(n + 2),
      issuedAt: soldOn,
      emitter: { cnpj: cnpjFor(n), name: `Atacado ${n} Ltda` },
      destination: { cnpj: business },
      items: [
        {
          code: supplierCode,
          description: `[${supplierCode}] BISCOITO MAIZENA 200G`,
          quantity: '10.0000',
          unitPrice: '3.50',
          total: '35.00',
        },
      ],
    });
    const zip = zipSync({
      [`nfce-${n}.xml`]: strToU8(first.xml),
      [`nfce-${n + 1}.xml`]: strToU8(second.xml),
      [`nfe-${n + 2}.xml`]: strToU8(purchase.xml),
    });
    const zipName = `mes-${n}.zip`;

    await loginAsAdmin();
    await openFromMenu('Notas fiscais');
    await page.getByRole('tab', { name: 'Lote de documentos' }).click();
    await page
      .getByLabel('Arquivos XML ou .zip do lote')
      .setInputFiles({ name: zipName, mimeType: 'application/zip', buffer: Buffer.from(zip) });

    // the preview: three new documents, the supplier's code unmatched once
    const preview = page.getByTestId('batch-preview');
    await preview.waitFor();
    expect(await page.getByTestId('batch-count-new').locator('dd').textContent()).toBe('3');
    expect(await page.getByTestId('batch-count-error').locator('dd').textContent()).toBe('0');
    const unmatched = page.getByTestId('batch-unmatched');
    expect(await unmatched.textContent()).toContain(supplierCode);
    expect(await unmatched.textContent()).toContain('BISCOITO MAIZENA 200G');
    const documents = page.getByTestId('batch-documents');
    expect(await documents.getByRole('row').count()).toBe(4);
    expect(await documents.textContent()).toContain('NFC-e');
    expect(await page.getByTestId('batch-pending').textContent()).toBe(
      'Falta resolver: 1 código sem produto.',
    );

    // every unmatched code becomes a product in one go, with one category
    const bulk = page.getByTestId('batch-bulk-create');
    await bulk.getByLabel('Categoria dos novos produtos').selectOption({ index: 1 });
    await bulk.getByRole('button', { name: 'Criar todos como produtos novos' }).click();
    await expect
      .poll(() => unmatched.getByLabel(/^Nome do novo produto/).inputValue())
      .toBe('Biscoito Maizena 200G');
    await expect
      .poll(() => page.getByTestId('batch-pending').textContent())
      .toBe('Pronto para importar 3 documentos novos.');

    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/stock/documents/v1') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Importar lote' }).click();
    expect((await answer).status()).toBe(201);
    const result = page.getByTestId('batch-result');
    await result.waitFor();
    expect(await page.getByTestId('batch-result-posted').locator('dd').textContent()).toBe('3');
    expect(await page.getByTestId('batch-result-skipped').locator('dd').textContent()).toBe('0');
    await expect.poll(() => stockOf(client, sku)).toBe('15.000');

    // the batch in the list, its detail, then undone as a whole
    const row = page.getByTestId('batch-table').getByRole('row').filter({ hasText: zipName });
    await row.waitFor();
    expect(await row.textContent()).toContain('Lançado');
    await row.getByRole('button', { name: /^Ver o lote/ }).click();
    await expect.poll(() => page.getByTestId('batch-detail').getByRole('row').count()).toBe(4);
    await row.getByRole('button', { name: 'Desfazer lote' }).click();
    await modal().getByRole('button', { name: 'Desfazer lote' }).click();
    await expect.poll(() => row.textContent()).toContain('Desfeito em');
    expect(await row.getByRole('button', { name: 'Desfazer lote' }).count()).toBe(0);
    await expect.poll(() => stockOf(client, sku)).toBe('20.000');
  });

  it("shows the server's refusal of a broken .zip, and previews nothing", async () => {
    await loginAsAdmin();
    await openFromMenu('Notas fiscais');
    await page.getByRole('tab', { name: 'Lote de documentos' }).click();
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    // the request is held until the screen says it is sending (a state, not a time), then goes on
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/stock/documents/v1/preview', async (route) => {
      await held;
      await route.continue();
    });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/stock/documents/v1/preview'));
    await page
      .getByLabel('Arquivos XML ou .zip do lote')
      .setInputFiles({ name: 'quebrado.zip', mimeType: 'application/zip', buffer: broken });
    await page
      .getByRole('status')
      .filter({ hasText: /^Enviando… \d+ %$/ })
      .waitFor();
    expect(await page.getByLabel('Arquivos XML ou .zip do lote').isDisabled()).toBe(true);
    release();
    const refused = await answer;
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    const { message } = (await refused.json()) as { message: string };
    await expect.poll(() => page.getByTestId('batch-refusal').textContent()).toBe(message);
    expect(message).toContain('.zip');
    expect(await page.getByTestId('batch-preview').count()).toBe(0);
  });

  it('keeps the preview when the import is refused, with the reason by its button', async () => {
    const n = (Date.now() % 100_000_000) + 29;
    const client = await adminClient();
    const business = await businessDocument(client);
    const sku = `ACUCAR-${n}`;
    const product = await createProduct(client, { sku, name: `Açúcar ${n}` });
    const unity = await defaultUnityId(client, product.id);
    await stockIn(client, {
      productId: product.id,
      productUnityId: unity,
      quantity: 1,
      unitCost: 4,
      occurredOn: daysBefore(3),
    });
    // sells more than there is: the import is refused, all or nothing
    const sale = buildNfe({
      model: '65',
      number: String(n),
      issuedAt: `${daysBefore(1)}T10:00:00-03:00`,
      emitter: { cnpj: business, name: 'Mercearia Boa Vista' },
      destination: null,
      items: [
        { code: sku, description: `ACUCAR ${n}`, quantity: '5.0000', unitPrice: '6.00', total: '30.00' },
      ],
    });

    await loginAsAdmin();
    await page.goto('/app/nfe?modo=lote');
    await page
      .getByLabel('Arquivos XML ou .zip do lote')
      .setInputFiles({ name: `nfce-${n}.xml`, mimeType: 'application/xml', buffer: Buffer.from(sale.xml) });
    await page.getByTestId('batch-preview').waitFor();
    await expect
      .poll(() => page.getByTestId('batch-pending').textContent())
      .toBe('Pronto para importar 1 documento novo.');
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/stock/documents/v1') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Importar lote' }).click();
    const refused = await answer;
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    const { message } = (await refused.json()) as { message: string };
    const refusal = page.getByTestId('batch-preview').getByTestId('batch-refusal');
    await expect.poll(() => refusal.textContent()).toBe(message);
    // the refusal names the document and says what would go negative
    expect(message).toContain(`NFC-e ${n}`);
    expect(message).toContain('ficaria negativo');
    expect(await page.getByRole('button', { name: 'Importar lote' }).isEnabled()).toBe(true);
    await expect.poll(() => stockOf(client, sku)).toBe('1.000');
  });
});
