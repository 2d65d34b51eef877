import { describe, expect, it } from 'vitest';
import { decodeText, detectKind, readSheet } from '../../src/domain/movements/sheet-reader.ts';
import { HEADER, PNG_BYTES, makeCsv, makeXlsx, zipWithoutWorkbook } from '../sheets.ts';

describe('detecting the file by content', () => {
  it('recognises workbooks and text, and refuses images whatever their name', async () => {
    expect(detectKind(await makeXlsx([HEADER]))).toBe('xlsx');
    expect(detectKind(makeCsv([HEADER]))).toBe('csv');
    expect(detectKind(PNG_BYTES)).toBeNull();
    await expect(readSheet(PNG_BYTES)).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('refuses a zip that is not a workbook', async () => {
    await expect(readSheet(zipWithoutWorkbook())).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Arquivo não suportado: envie uma planilha .xlsx ou um arquivo .csv.',
    });
  });

  it('decodes UTF-8 and falls back to Windows-1252', () => {
    expect(decodeText(Buffer.from('Observação', 'utf8'))).toBe('Observação');
    expect(decodeText(Buffer.from('Observação', 'latin1'))).toBe('Observação');
  });
});

describe('xlsx', () => {
  it('reads real dates, numbers and text, skipping empty rows', async () => {
    const bytes = await makeXlsx([
      HEADER,
      [
        new Date(Date.UTC(2026, 9, 5)),
        'arroz-5',
        'Entrada',
        10,
        'Fardo c/ 6 UN',
        150.9,
        '12.ABC.345/01DE-35',
        'NF 1',
        'ok',
      ],
      [null, null, null, null, null, null, null, null, null],
      [new Date(Date.UTC(2026, 9, 6)), 'ARROZ-5', 'S', 2.5, null, null, null, null, null],
    ]);
    const sheet = await readSheet(bytes);
    expect(sheet.kind).toBe('xlsx');
    expect(sheet.rows).toHaveLength(2);
    expect(sheet.rows[0]).toEqual({
      line: 2,
      values: {
        date: new Date(Date.UTC(2026, 9, 5)),
        sku: 'arroz-5',
        type: 'Entrada',
        quantity: 10,
        unity: 'Fardo c/ 6 UN',
        unitCost: 150.9,
        supplier: '12.ABC.345/01DE-35',
        document: 'NF 1',
        notes: 'ok',
      },
    });
    expect(sheet.rows[1]?.line).toBe(4);
  });

  it('matches shuffled, accented and differently cased headers, ignoring extra columns', async () => {
    const bytes = await makeXlsx([
      ['  QUANTIDADE ', 'Extra', 'tipo', 'CODIGO', 'data', 'custo unitario', 'OBSERVACOES'],
      [3, 'x', 'E', 'P1', new Date(Date.UTC(2026, 0, 2)), 4.5, 'nota'],
    ]);
    const sheet = await readSheet(bytes);
    expect(sheet.rows[0]?.values).toEqual({
      quantity: 3,
      type: 'E',
      sku: 'P1',
      date: new Date(Date.UTC(2026, 0, 2)),
      unitCost: 4.5,
      notes: 'nota',
    });
  });

  it('names the missing required column', async () => {
    await expect(
      readSheet(
        await makeXlsx([
          ['Data', 'Código', 'Tipo'],
          [new Date(), 'A', 'E'],
        ]),
      ),
    ).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
      message: expect.stringContaining('Coluna obrigatória ausente: Quantidade.'),
    });
  });

  it('reads a 50,000-row sheet and refuses one row more', async () => {
    const row = [new Date(Date.UTC(2026, 0, 2)), 'P1', 'E', 1, null, 1, null, null, null];
    const full = await makeXlsx([HEADER, ...Array.from({ length: 50_000 }, () => row)]);
    expect((await readSheet(full)).rows).toHaveLength(50_000);
    const over = await makeXlsx([HEADER, ...Array.from({ length: 50_001 }, () => row)]);
    await expect(readSheet(over)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('50.000 linhas'),
    });
  }, 60_000);
});

describe('csv', () => {
  it('reads `;` in Windows-1252 with Brazilian numbers and accented headers', async () => {
    const bytes = makeCsv([
      ['Data', 'Código', 'Tipo', 'Quantidade', 'Custo Unitário', 'Observação'],
      ['05/10/2026', 'PÃO-1', 'Saída', '1.234,5', '', 'padaria São José'],
    ]);
    const sheet = await readSheet(bytes);
    expect(sheet.kind).toBe('csv');
    expect(sheet.rows[0]).toEqual({
      line: 2,
      values: {
        date: '05/10/2026',
        sku: 'PÃO-1',
        type: 'Saída',
        quantity: '1.234,5',
        notes: 'padaria São José',
      },
    });
  });

  it('reads `,` in UTF-8 with BOM and quoted fields', async () => {
    const bytes = makeCsv(
      [
        ['Data', 'Código', 'Tipo', 'Quantidade', 'Documento'],
        ['2026-10-05', 'A1', 'E', '1234.56', 'NF 1, série 2'],
      ],
      { delimiter: ',', encoding: 'utf8', bom: true },
    );
    const sheet = await readSheet(bytes);
    expect(sheet.rows[0]?.values).toEqual({
      date: '2026-10-05',
      sku: 'A1',
      type: 'E',
      quantity: '1234.56',
      document: 'NF 1, série 2',
    });
  });

  it('refuses an empty file and a header without required columns', async () => {
    await expect(readSheet(Buffer.from(''))).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    await expect(readSheet(makeCsv([['Nome', 'Valor']]))).rejects.toMatchObject({
      message: expect.stringContaining('Colunas obrigatórias ausentes: Data, Código, Tipo, Quantidade.'),
    });
  });
});
