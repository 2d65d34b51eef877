import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loginAsAdmin, page, useBrowser } from './fixtures.ts';
import { seedProductWithBox, seedStock } from './a11y-helpers.ts';

useBrowser();

const WAIT = { timeout: 15_000 };

describe('Inventário: Bloco H or the complete EFD file (issue 32)', () => {
  it('says what each reason adds, lists the items without entries, and names what the complete file lacks', async () => {
    const sku = `EFD-${Date.now()}`;
    const { cookie, product, box } = await seedProductWithBox(sku, 'Produto sem nota de entrada');
    await seedStock(cookie, product.id, box.id);
    await loginAsAdmin();
    await page.goto('/app/inventory');
    await expect.poll(() => page.getByTestId('inventory-table').textContent(), WAIT).toContain(sku);
    expect(await page.getByTestId('inventory-reason-note').textContent()).toContain('sem H020 nem H030');

    await page.getByTestId('inventory-reason').selectOption('03');
    expect(await page.getByTestId('inventory-reason-note').textContent()).toContain('H020');
    // entered by hand, not by NF-e: listed for review
    await expect.poll(() => page.getByTestId('inventory-without-entry').textContent(), WAIT).toContain(sku);

    // only block H, as before: a download
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('inventory-sped').click(),
    ]);
    const text = fs.readFileSync((await file.path()) ?? '').toString('latin1');
    expect(text).toContain(`|H010|${sku}|UN|12,000|`);
    expect(text).toMatch(/\|H020\|090\|0,00\|0,00\|/);

    // the complete file without the accountant's data: what to fill in, not a broken file
    await page.getByTestId('inventory-layout').selectOption('efd');
    await page.getByTestId('inventory-period').waitFor();
    await page.getByTestId('inventory-sped').click();
    await expect
      .poll(() => page.getByTestId('inventory-sped-problem').textContent(), WAIT)
      .toContain('Para gerar o arquivo EFD completo, preencha');

    await page.goto('/app/settings');
    await page.getByTestId('settings-accountant').waitFor(WAIT);
    expect(await page.getByLabel('CRC').count()).toBe(1);
  });
});
