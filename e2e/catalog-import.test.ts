import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { loginAsAdmin, modal, page, useBrowser } from './fixtures.ts';
import { seriousViolations } from './a11y-helpers.ts';

useBrowser();

describe('catalog sheet in the browser', () => {
  it(
    'imports a catalog sheet with one bad row, fixes it, imports; exports the list and reads the file back',
    { timeout: 240_000 },
    async () => {
      const stamp = Date.now();
      const good = `IMP-${stamp}-A`;
      const bad = `IMP-${stamp}-B`;
      await loginAsAdmin();
      await page.goto('/app/products');
      await page.getByRole('button', { name: 'Importar planilha' }).click();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        modal().getByRole('link', { name: 'Baixar modelo da planilha de produtos' }).click(),
      ]);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armazem-e2e-catalog-'));
      const templatePath = path.join(dir, 'modelo.xlsx');
      await download.saveAs(templatePath);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(templatePath);
      const sheet = workbook.getWorksheet('Produtos');
      if (!sheet) throw new Error('modelo sem a aba Produtos');
      // the example rows, replaced by ours
      sheet.getRow(2).values = [
        good,
        'Granola 1 kg',
        null,
        'Cereais E2E',
        'UN',
        null,
        '19042000',
        null,
        3,
        '12,00',
        '18,90',
      ];
      sheet.getRow(3).values = [
        bad,
        'Aveia 500 g',
        null,
        'Cereais E2E',
        'XYZ',
        null,
        null,
        null,
        0,
        '4,00',
        '6,50',
      ];
      const wrongPath = path.join(dir, 'produtos-com-erro.xlsx');
      await workbook.xlsx.writeFile(wrongPath);

      await modal().getByLabel('Planilha de produtos (.xlsx ou .csv)').setInputFiles(wrongPath);
      const summary = modal().getByTestId('catalog-preview-summary');
      await expect.poll(() => summary.textContent()).toContain('1 com erro');
      expect(await summary.textContent()).toContain('2 linhas (1 novo, 0 alterados');
      expect(await summary.textContent()).toContain('Categorias novas: Cereais E2E');
      expect(await modal().getByTestId('preview-line-3').textContent()).toContain(
        'Unidade XYZ não cadastrada',
      );
      expect(await modal().getByRole('button', { name: 'Importar' }).isDisabled()).toBe(true);

      sheet.getRow(3).getCell(5).value = 'UN';
      const fixedPath = path.join(dir, 'produtos-corrigidos.xlsx');
      await workbook.xlsx.writeFile(fixedPath);
      await modal().getByLabel('Planilha de produtos (.xlsx ou .csv)').setInputFiles(fixedPath);
      await expect.poll(() => summary.textContent()).toContain('todas válidas');
      await modal().getByRole('button', { name: 'Importar' }).click();
      await expect
        .poll(() => page.getByTestId('notification').textContent())
        .toContain('Planilha de produtos importada! 2 novos, 0 alterados.');
      expect(await modal().count()).toBe(0);

      // the list reloads and finds both; then its export, with the search as filter, is read back
      await page.getByPlaceholder('Código, nome ou código de barras').fill(`IMP-${stamp}`);
      // the search is applied (it reaches the address after a pause) before the list is read and exported
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(`IMP-${stamp}`);
      await expect.poll(() => page.getByTestId(`product-row-${bad}`).isVisible()).toBe(true);
      expect(await page.getByTestId(`product-row-${good}`).textContent()).toContain('Granola 1 kg');
      // Exportar: the list's file with its current search, as the menu downloads it
      await page.getByRole('button', { name: 'Exportar' }).click();
      const [exported] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'Planilha Excel (.xlsx)' }).click(),
      ]);
      expect(exported.suggestedFilename()).toMatch(/^produtos-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const exportPath = path.join(dir, 'produtos.xlsx');
      await exported.saveAs(exportPath);
      const back = new ExcelJS.Workbook();
      await back.xlsx.readFile(exportPath);
      const rows: unknown[][] = [];
      back.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      expect(rows[0]?.slice(0, 5)).toEqual(['Código', 'Nome', 'Descrição', 'Categoria', 'Unidade']);
      expect(rows.slice(1).map((row) => row[0])).toEqual([bad, good]); // the list's order: by name
      expect(rows[2]?.[10]).toBe(18.9);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  );

  it('the preview with errors passes axe in the dark theme, scrolls by keyboard and reads on a phone', async () => {
    const stamp = Date.now();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armazem-e2e-catalog-'));
    const csvPath = path.join(dir, 'produtos-com-erro.csv');
    fs.writeFileSync(
      csvPath,
      `Código;Nome;Categoria;Unidade\nERR-${stamp};Aveia em flocos finos pacote de 500 g;Cereais E2E;XYZ\n`,
    );
    await loginAsAdmin();
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/app/products');
    await page.getByRole('button', { name: 'Importar planilha' }).click();
    const input = modal().getByLabel('Planilha de produtos (.xlsx ou .csv)');
    await input.setInputFiles(csvPath);
    const errorsCell = modal().getByTestId('preview-line-2');
    await expect.poll(() => errorsCell.textContent()).toContain('Unidade XYZ não cadastrada');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    expect(await seriousViolations(page)).toEqual([]);

    // the preview's area is a named stop for Tab, drawn focused, so its rows scroll by keyboard
    const region = modal().getByRole('region', { name: 'Prévia da planilha, linha a linha' });
    await input.focus();
    await page.keyboard.press('Tab');
    expect(await region.evaluate((element) => element === document.activeElement)).toBe(true);
    const drawn = await region.evaluate((element) => {
      const style = getComputedStyle(element);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    });
    expect(drawn).toBe(true);

    // on a phone the errors go under their row, as wide as the screen allows, instead of a sliver of a column
    await page.setViewportSize({ width: 390, height: 844 });
    const underRow = modal().getByTestId('preview-row-errors');
    await underRow.waitFor();
    expect(await underRow.textContent()).toContain('Unidade XYZ não cadastrada: use o código de uma unidade');
    expect(await modal().getByRole('columnheader', { name: 'Erros' }).isVisible()).toBe(false);
    const box = await underRow.locator('div').first().boundingBox();
    expect(box && box.width >= 250 && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
