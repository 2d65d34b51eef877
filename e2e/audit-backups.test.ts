import { describe, expect, it } from 'vitest';
import {
  adminClient,
  createProduct,
  loginAsAdmin,
  modal,
  notification,
  openFromMenu,
  page,
  useBrowser,
} from './fixtures.ts';

useBrowser();

describe('the audit trail and backups in the browser', () => {
  it("an edit shows in the product's history and in Auditoria, which filters by record type", async () => {
    const product = await createProduct(await adminClient(), { name: 'Farinha de mandioca 1 kg' });
    await loginAsAdmin();
    await page.goto(`/app/products/${product.id}`);
    await page.getByRole('button', { name: 'Editar' }).click();
    await modal().getByLabel('Nome').fill('Farinha de mandioca torrada 1 kg');
    await modal().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => notification().textContent()).toContain('Produto Atualizado!');

    await page.getByRole('tab', { name: 'Histórico' }).click();
    expect(page.url()).toContain('tab=history');
    const history = page.getByTestId('history-panel');
    const latest = history.getByTestId('history-entry').first();
    await expect.poll(() => latest.textContent()).toContain('Alterou');
    const text = await latest.textContent();
    expect(text).toContain('Administradora E2E');
    expect(text).toContain('Nome: Farinha de mandioca 1 kg → Farinha de mandioca torrada 1 kg');
    await expect.poll(() => history.getByTestId('history-entry').count()).toBe(2);

    await openFromMenu('Auditoria');
    await page.waitForURL('**/app/audit');
    const table = page.getByRole('region', { name: 'Auditoria: quem mudou o quê' });
    await expect.poll(() => table.textContent()).toContain('Farinha de mandioca torrada 1 kg');
    await page.getByTestId('audit-entity-filter').selectOption('supplier');
    await page.waitForURL('**/app/audit?entity=supplier');
    await expect
      .poll(async () => (await table.count()) === 0 || !(await table.textContent())?.includes('Farinha'))
      .toBe(true);
    await page.getByTestId('audit-entity-filter').selectOption('product');
    await expect.poll(() => table.textContent()).toContain('Farinha de mandioca torrada 1 kg');
    expect(await table.textContent()).not.toContain('Fornecedor nº');
    // the filter lives in the URL: a reload keeps it
    await page.reload();
    expect(await page.getByTestId('audit-entity-filter').inputValue()).toBe('product');
  });

  it("Usuários shows an account's history in a dialog", async () => {
    await loginAsAdmin();
    await openFromMenu('Usuários');
    await page.getByRole('button', { name: 'Histórico de Administradora E2E' }).click();
    const entries = modal().getByTestId('history-entry');
    await expect.poll(() => entries.last().textContent()).toContain('Cadastrou-se');
    expect(await entries.last().textContent()).toContain('Administradora E2E');
    await page.keyboard.press('Escape');
    await expect.poll(() => modal().count()).toBe(0);
  });

  it('Configurações makes a backup now and lists it with a download link', async () => {
    await loginAsAdmin();
    await openFromMenu('Configurações');
    const section = page.getByTestId('backups');
    await section.waitFor();
    const rows = section.locator('tbody tr');
    const before = await rows.count();
    await page.getByRole('button', { name: 'Fazer cópia agora' }).click();
    await expect.poll(() => notification().textContent()).toContain('Cópia de segurança feita!');
    await expect.poll(() => rows.count()).toBe(before + 1);
    const first = rows.first();
    expect(await first.textContent()).toContain('Conferida');
    const link = first.getByRole('link', { name: /Baixar/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/api\/admin\/backups\/v1\/armazem-.*Z\.sqlite$/);
    const download = await page.request.get(href ?? '');
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
  });
});
