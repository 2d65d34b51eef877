import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  adminClient,
  createProduct,
  createSupplier,
  loginAsAdmin,
  modal,
  notification,
  page,
  useBrowser,
} from './fixtures.ts';

useBrowser();

/** The accessible name (aria-label, else the text) of what has the focus, `body` when nothing has it. */
const focusedName = () =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    return element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
  });

describe('reference data and exports in the browser', () => {
  it('adds a category and uses it in a new product, which then counts on the Categorias screen', async () => {
    const n = Date.now();
    const category = `Congelados E2E ${n}`;
    const sku = `REF-${n}`;
    await loginAsAdmin();
    await page.goto('/app/categories');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    // a real modal: the focus goes inside it, and Escape closes it, giving the focus back to the button that opened it
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]'))))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    await expect.poll(() => focusedName()).toBe('Adicionar');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await modal().getByLabel('Nome').fill(category);
    await modal().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => notification().textContent()).toContain('A categoria foi adicionada.');
    const row = page.getByRole('row').filter({ hasText: category });
    await expect.poll(() => row.textContent()).toContain('0 produtos');
    // Cancelar too gives the focus back to the row's own Editar
    await page.getByRole('button', { name: `Editar ${category}` }).click();
    await modal().getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => modal().count()).toBe(0);
    await expect.poll(() => focusedName()).toBe(`Editar ${category}`);
    // the same name again: said at the field, in the dialog, and not a second time behind it
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await modal().getByLabel('Nome').fill(category.toUpperCase());
    await modal().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => modal().getByRole('alert').textContent()).toContain('Já existe');
    expect(await notification().filter({ hasText: 'Já existe' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);

    await page.goto('/app/products');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await modal().getByLabel('Código (SKU)').fill(sku);
    await modal().getByLabel('Nome', { exact: true }).fill('Pizza congelada E2E');
    await modal().getByLabel('Categoria').selectOption({ label: category });
    await modal().getByLabel('Unidade base').selectOption({ label: 'UN — Unidade' });
    // a missing NCM warns but does not block
    await expect
      .poll(() =>
        modal()
          .getByText(/^Sem NCM/)
          .isVisible(),
      )
      .toBe(true);
    await modal().getByLabel('NCM').fill('1905.90.90');
    await expect
      .poll(() =>
        modal()
          .getByText(/^Sem NCM/)
          .count(),
      )
      .toBe(0);
    await modal().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => modal().count()).toBe(0);

    await page.goto('/app/categories');
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: category }).textContent())
      .toContain('1 produto');
    // used: no delete button, only deactivation
    expect(await page.getByRole('button', { name: `Excluir ${category}` }).count()).toBe(0);
  });

  it('edits a product whose category was deactivated: the form keeps that category, marked, and saves', async () => {
    const client = await adminClient();
    const name = `Coleção antiga E2E ${Date.now()}`;
    const category = (await client('POST', '/api/categories/v1', { name })).json();
    const product = await createProduct(client, { categoryId: category.id });
    await client('PATCH', `/api/categories/v1/${category.id}`, { status: 'inactive' });
    await loginAsAdmin();
    await page.goto(`/app/products/${product.id}`);
    await page.getByRole('button', { name: 'Editar' }).first().click();
    const picker = modal().getByLabel('Categoria');
    // once the active categories are in, the product's own is still chosen, marked
    await expect.poll(() => picker.locator('option:checked').textContent()).toBe(`${name} (desativada)`);
    expect(await picker.inputValue()).toBe(String(category.id));
    await modal().getByLabel('Nome', { exact: true }).fill('Produto da coleção antiga');
    await modal().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => notification().textContent()).toContain('Produto Atualizado!');
    const saved = (await client('GET', `/api/products/v1/${product.id}`)).json();
    expect(saved).toMatchObject({ name: 'Produto da coleção antiga', category: { id: category.id } });
  });

  it('exports the filtered supplier list to .xlsx and the file reads back', async () => {
    const supplier = await createSupplier(await adminClient(), { name: `=Exportado E2E ${Date.now()}` });
    await loginAsAdmin();
    await page.goto('/app/suppliers');
    await page.getByPlaceholder('Buscar por nome, fantasia, CNPJ ou CPF').fill(supplier.document);
    await page.waitForURL(/q=/);
    await page.getByRole('button', { name: 'Exportar' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Planilha Excel (.xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^fornecedores-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Razão social');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(supplier.name);
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
  });
});
