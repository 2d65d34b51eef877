import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  adminCookie,
  api,
  createProduct,
  httpClient,
  baseUrl,
  defaultUnityId,
  loginAsAdmin,
  modal,
  notification,
  openFromMenu,
  page,
  stockOut,
  useBrowser,
} from './fixtures.ts';

useBrowser();

describe('monthly sheet in the browser', () => {
  it('downloads the template, fills it, previews an error, fixes it, imports, opens the report and undoes the import', async () => {
    const sku = `MOV-${Date.now()}`;
    const cookie = await adminCookie();
    await createProduct(httpClient(cookie), { sku, name: 'Farinha Láctea' });
    const today = new Date();
    const year = today.getFullYear();
    const month = today.getMonth() + 1;

    await loginAsAdmin();
    await openFromMenu('Movimentação');
    await page.getByLabel('Mês').selectOption(String(month));
    await page.getByLabel('Ano').selectOption(String(year));

    // the template, filled like a person would in a spreadsheet program
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Baixar modelo' }).click(),
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armazem-e2e-sheet-'));
    const templatePath = path.join(dir, 'modelo.xlsx');
    await download.saveAs(templatePath);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(templatePath);
    const sheet = workbook.getWorksheet('Movimentação');
    if (!sheet) throw new Error('modelo sem a aba Movimentação');
    sheet.spliceRows(2, 1);
    const day = (d: number) => new Date(Date.UTC(year, month - 1, d));
    sheet.addRow([day(1), sku, 'Entrada', 10, null, '4,50', null, 'NF 900', null, null]);
    sheet.addRow([day(1), sku, 'Saída', 25, null, null, null, 'Cupom 1', null, null]);
    const wrongPath = path.join(dir, 'mes-com-erro.xlsx');
    await workbook.xlsx.writeFile(wrongPath);

    await page.getByLabel('Planilha de movimentação').setInputFiles(wrongPath);
    await expect.poll(() => page.getByTestId('preview-summary').textContent()).toContain('1 com erro');
    // counts agree in number
    expect(await page.getByTestId('preview-summary').textContent()).toContain(
      '2 linhas (1 entrada, 1 saída)',
    );
    const errorRow = page.getByTestId('preview-line-3');
    expect(await errorRow.textContent()).toContain(
      'Estoque insuficiente: disponível 10 UN, solicitado 25 UN.',
    );
    expect(await page.getByRole('button', { name: 'Importar' }).isDisabled()).toBe(true);
    // the exit's reason (none given: venda) and the supplier column are shown, as they are checked (issue 33)
    expect(
      await page.getByTestId('preview-table').getByRole('columnheader', { name: 'Motivo' }).count(),
    ).toBe(1);
    expect(
      await page.getByTestId('preview-table').getByRole('columnheader', { name: 'Fornecedor' }).count(),
    ).toBe(1);
    expect(await errorRow.textContent()).toContain('venda');
    // on a phone the preview scrolls sideways and says so, as every wide table does
    const previewHint = page
      .getByTestId('preview-scroll')
      .locator('xpath=..')
      .getByTestId('table-scroll-hint');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => previewHint.textContent())
      .toBe('Role a tabela para o lado para ver todas as colunas.');
    await page.setViewportSize({ width: 1280, height: 800 });

    // fix the row and send again
    sheet.getRow(3).getCell(4).value = 4;
    const fixedPath = path.join(dir, 'mes-corrigido.xlsx');
    await workbook.xlsx.writeFile(fixedPath);
    await page.getByRole('button', { name: 'Limpar' }).click();
    await page.getByLabel('Planilha de movimentação').setInputFiles(fixedPath);
    await expect.poll(() => page.getByTestId('preview-summary').textContent()).toContain('todas válidas');
    await page.getByLabel('Descrição (opcional)').fill('Loja centro');
    await page.getByRole('button', { name: 'Importar' }).click();
    await expect
      .poll(() => page.getByTestId('movements-table').textContent())
      .toContain('mes-corrigido.xlsx');
    expect(await page.getByTestId('movements-table').textContent()).toContain('Loja centro');
    expect(await page.getByTestId('notification').count()).toBe(0); // no success message for imports (seed §8)

    const stock = await (await api(`/api/stock/v1?q=${sku}`, { cookie })).json();
    expect(stock.data[0]).toMatchObject({ quantity: '6.000', averageCost: '4.5000', totalValue: '27.0000' });

    // the report opens in a new tab as a PDF
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Relatório PDF' }).click(),
    ]);
    expect(popup.url()).toContain(`/api/stock/movement/v1/report?year=${year}&month=${month}`);
    const pdf = await page.request.get(popup.url());
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toContain(
      `relatorio-estoque-${year}-${String(month).padStart(2, '0')}.pdf`,
    );
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await popup.close();

    // undo the import with confirmation
    await page.getByRole('button', { name: 'Excluir mes-corrigido.xlsx' }).click();
    await page.locator('dialog[open]').getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(() => page.getByText(`Nenhuma planilha importada neste mês.`).isVisible()).toBe(true);
    const after = await (await api(`/api/stock/v1?q=${sku}`, { cookie })).json();
    expect(after.data[0]).toMatchObject({ quantity: '0.000', totalValue: '0.0000' });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a refused undo stays in its dialog with the server message; the dialog keeps Tab inside and closes from outside', async () => {
    const sku = `MOVREC-${Date.now()}`;
    const cookie = await adminCookie();
    const client = httpClient(cookie);
    const product = await createProduct(client, { sku, name: 'Fubá recusado' });
    const today = new Date();
    const year = today.getFullYear();
    const month = today.getMonth() + 1;
    const first = `01/${String(month).padStart(2, '0')}/${year}`;
    const fileName = `entrada-${sku}.csv`;
    const form = new FormData();
    form.append(
      'sheet',
      new Blob([`Data;Código;Tipo;Quantidade;Custo Unitário\n${first};${sku};Entrada;10;4,50\n`], {
        type: 'text/csv',
      }),
      fileName,
    );
    form.append('data', JSON.stringify({ description: 'Entrada que será consumida' }));
    form.append('year', String(year));
    form.append('month', String(month));
    const imported = await fetch(`${baseUrl()}/api/stock/movement/v1`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(imported.status).toBe(201);
    // a later exit takes what the sheet brought in: undoing the sheet would leave that date negative
    await stockOut(client, {
      productId: product.id,
      productUnityId: await defaultUnityId(client, product.id),
      quantity: '10',
      reason: 'venda',
    });

    await loginAsAdmin();
    await openFromMenu('Movimentação');
    await page.getByLabel('Mês').selectOption(String(month));
    await page.getByLabel('Ano').selectOption(String(year));
    const undo = page.getByRole('button', { name: `Excluir ${fileName}` });
    await undo.click();
    await modal().getByRole('button', { name: 'Excluir' }).click();
    await expect
      .poll(() => modal().getByTestId('modal-error').textContent())
      // the location is named while the business keeps more than one (the e2e files share one business)
      .toMatch(/^Em \d{2}\/\d{2}\/\d{4} o saldo de Fubá recusado( em [^:]+)? ficaria negativo/);
    expect(await modal().isVisible()).toBe(true);
    expect(await notification().count()).toBe(0);

    // Tab goes round the dialog's own controls: the backdrop behind them is never a stop
    const focusedName = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        if (!element?.closest('dialog[open]')) return 'fora do diálogo';
        if (element.closest('.modal-backdrop')) return 'fundo';
        return element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
      });
    await modal().getByRole('button', { name: 'Excluir' }).focus();
    const stops: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      stops.push(await focusedName());
    }
    expect(stops).toEqual(['Fechar', 'Cancelar', 'Excluir', 'Fechar']);

    // a click outside closes it, and so does Escape; the sheet is still there
    await page.mouse.click(5, 5);
    await modal().waitFor({ state: 'detached' });
    await undo.click();
    await modal().getByRole('button', { name: 'Excluir' }).waitFor();
    expect(await modal().getByTestId('modal-error').count()).toBe(0);
    await page.keyboard.press('Escape');
    await modal().waitFor({ state: 'detached' });
    expect(await undo.isVisible()).toBe(true);
  });

  it('refuses a file that is not a spreadsheet with the server message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armazem-e2e-png-'));
    const fake = path.join(dir, 'foto.xlsx');
    fs.writeFileSync(
      fake,
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    await loginAsAdmin();
    await page.goto('/app/stock-movement');
    await page.getByLabel('Planilha de movimentação').setInputFiles(fake);
    await expect
      .poll(() => page.getByTestId('notification').textContent())
      .toContain('Arquivo não suportado: envie uma planilha .xlsx ou um arquivo .csv.');
    expect(await page.getByTestId('notification').getAttribute('data-status')).toBe('0');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
