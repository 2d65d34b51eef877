import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loginAsAdmin, page, useBrowser } from './fixtures.ts';
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
      .toMatch(/^1 de \d+ contados/);
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
