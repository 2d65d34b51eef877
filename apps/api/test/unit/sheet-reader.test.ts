import { describe, expect, it } from 'vitest';
import { columnLetters, decodeText, detectKind, parseSheet } from '../../src/lib/uploads/sheet-parser.ts';
import { COLUMNS } from '../../src/domain/movements/sheet-columns.ts';
import { readSheetOf } from '../../src/lib/uploads/sheet-reader.ts';
import {
  SHEET_BUDGET,
  readSheetInWorker,
  sheetReadsInFlight,
} from '../../src/lib/uploads/sheet-worker-pool.ts';
import { checkDeclaredSizes, guardZip, listEntries } from '../../src/lib/uploads/zip-guard.ts';
import { splitCsv } from '../../src/lib/uploads/csv-text.ts';
import { xlsxWithEmptyRows, xlsxWithHugeCell } from '../hostile-files.ts';
import { HEADER, PNG_BYTES, makeCsv, makeXlsx, zipWithoutWorkbook } from '../sheets.ts';

const readSheet = (bytes: Uint8Array) => readSheetOf(bytes, COLUMNS);

describe('detecting the file by content', () => {
  it('recognises workbooks and text, and refuses images whatever their name', async () => {
    expect(detectKind(await makeXlsx([HEADER]))).toBe('xlsx');
    expect(detectKind(makeCsv([HEADER]))).toBe('csv');
    expect(detectKind(PNG_BYTES)).toBeNull();
    // a PDF or an RTF written without a single binary byte is still not a table
    expect(
      detectKind(new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n')),
    ).toBeNull();
    expect(detectKind(new TextEncoder().encode('{\\rtf1\\ansi Data;Código\n}'))).toBeNull();
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
      code: 'VALIDATION_ERROR',
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

describe('what a sheet may cost', () => {
  // building the 400 MB bomb deflates 400 MB: seconds on a loaded 2-core machine, before the read under test
  it(
    'refuses from the central directory alone an entry declared too large or too compressed',
    { timeout: 60_000 },
    async () => {
      const bomb = await xlsxWithHugeCell(400);
      const { entries } = listEntries(bomb);
      const sheet = entries.find((entry) => entry.name === 'xl/worksheets/sheet1.xml');
      expect(sheet?.size).toBeGreaterThan(400 * 1024 * 1024);
      expect(() => checkDeclaredSizes(entries)).toThrow(
        /grande demais depois de descompactada \(400 MB numa só parte\)/,
      );
      const dense = { ...sheet!, size: 10 * 1024 * 1024, compressedSize: 50 * 1024 };
      expect(() => checkDeclaredSizes([dense])).toThrow(/compressão de 205 para 1/);
    },
  );

  it('stops inflating at the declared size when a header lies', { timeout: 60_000 }, async () => {
    const liar = await xlsxWithHugeCell(400, { declaredSize: 1000 });
    const started = performance.now();
    expect(() => guardZip(liar)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('accepts the workbooks a spreadsheet program writes', async () => {
    expect(() => guardZip(Buffer.from(zipWithoutWorkbook()))).not.toThrow();
    expect(() => guardZip(Buffer.from(PNG_BYTES))).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR' }),
    );
  });

  it('refuses a zip with an entry hidden between the listed ones', async () => {
    const good = await makeXlsx([HEADER]);
    const { directoryOffset } = listEntries(good);
    const hidden = Buffer.concat([
      good.subarray(0, directoryOffset),
      Buffer.alloc(64),
      good.subarray(directoryOffset),
    ]);
    // the directory's offset moves past them: 64 unlisted bytes now lie between the last entry and the directory
    const end = hidden.length - 22;
    hidden.writeUInt32LE(directoryOffset + 64, end + 16);
    expect(() => guardZip(hidden)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });

  it('refuses 14 million empty rows fast and 100,002 read rows even when they fit the size limits', async () => {
    const bomb = await xlsxWithEmptyRows(14_000_000, { numbered: false });
    let started = performance.now();
    await expect(parseSheet(bomb, COLUMNS)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('grande demais depois de descompactada'),
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    const blanks = await xlsxWithEmptyRows(100_000);
    started = performance.now();
    await expect(parseSheet(blanks, COLUMNS)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('mais de 100.001 linhas, contando as vazias'),
    });
    expect(performance.now() - started).toBeLessThan(10_000);
    // a few thousand trailing empty rows are simply skipped
    const sheet = await parseSheet(await xlsxWithEmptyRows(5_000), COLUMNS);
    expect(sheet.rows).toHaveLength(1);
  });

  it('refuses too many columns and too long cells, in .xlsx and .csv', async () => {
    const wide = makeCsv([HEADER, [...Array.from({ length: 200 }, () => 'x'), 'a coluna 201']]);
    await expect(parseSheet(wide, COLUMNS)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'A linha 2 da planilha tem mais de 200 colunas. Deixe só as colunas do modelo.',
    });
    const wideHeader = Buffer.from('x;'.repeat(1_200_000));
    await expect(parseSheet(wideHeader, COLUMNS)).rejects.toMatchObject({
      message: expect.stringContaining('A linha 1 da planilha tem mais de 200 colunas'),
    });
    const row = [new Date(Date.UTC(2026, 0, 2)), 'P1', 'E', 1, null, 1, null, null, 'y'.repeat(2_000)];
    expect((await parseSheet(await makeXlsx([HEADER, row]), COLUMNS)).rows).toHaveLength(1);
    await expect(
      parseSheet(
        await makeXlsx([HEADER, row.map((cell, index) => (index === 1 ? 'z'.repeat(2_001) : cell))]),
        COLUMNS,
      ),
    ).rejects.toMatchObject({
      message: 'A célula B2 tem mais de 2.000 caracteres. Encurte o texto e envie de novo.',
    });
    // a column the import does not read may hold more, up to Excel's own limit
    const extra = await makeXlsx([
      [...HEADER, 'Comentário'],
      [...row, 'w'.repeat(5_000)],
    ]);
    expect((await parseSheet(extra, COLUMNS)).rows).toHaveLength(1);
    await expect(
      parseSheet(
        makeCsv([HEADER, ['02/01/2026', 'P1', 'E', '1', '', '1', '', '', 'q'.repeat(2_001)]]),
        COLUMNS,
      ),
    ).rejects.toMatchObject({ message: expect.stringContaining('A célula I2 tem mais de 2.000 caracteres') });
  });

  it('names cells the way a spreadsheet does', () => {
    expect([0, 8, 25, 26, 199].map(columnLetters)).toEqual(['A', 'I', 'Z', 'AA', 'GR']);
  });
});

describe('the worker', () => {
  it('ends a read that passes its time budget', async () => {
    const bytes = makeCsv([HEADER, ...Array.from({ length: 20_000 }, () => ['02/01/2026', 'P1', 'E', '1'])]);
    await expect(readSheetInWorker(bytes, COLUMNS, { ...SHEET_BUDGET, timeMs: 1 })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('A planilha demorou demais para ser lida.'),
    });
  });

  it('ends a read that passes its heap budget', { timeout: 30_000 }, async () => {
    const bytes = makeCsv([
      HEADER,
      ...Array.from({ length: 50_000 }, (_, index) => [
        '02/01/2026',
        `P${index}`,
        'E',
        '1',
        '',
        '1',
        '',
        `NF ${index}`,
        // notes make each row ~1 KB, so the whole read needs far more than the budget; the quote inside makes the
        // reader build each note as a string of its own (not a slice of the file's text, which may live off the heap)
        `${index} "aspas" `.padEnd(1000, 'n'),
      ]),
    ]);
    // 32 MB leaves a small read clear room (12 MB was too close to a worker's own baseline: flaky)
    const small = makeCsv([HEADER, ['02/01/2026', 'P1', 'E', '1']]);
    expect((await readSheetInWorker(small, COLUMNS, { ...SHEET_BUDGET, heapMb: 32 })).rows).toHaveLength(1);
    await expect(readSheetInWorker(bytes, COLUMNS, { ...SHEET_BUDGET, heapMb: 32 })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('A planilha exigiu memória demais para ser lida.'),
    });
  });

  it('reads at most two sheets at once and answers each its own result', async () => {
    const sheets = Array.from({ length: 4 }, (_, index) =>
      makeCsv([HEADER, ['02/01/2026', `P${index}`, 'E', '1']]),
    );
    const reads = sheets.map((bytes) => readSheet(bytes));
    expect(sheetReadsInFlight()).toEqual({ running: 2, waiting: 2 });
    const results = await Promise.all(reads);
    expect(sheetReadsInFlight()).toEqual({ running: 0, waiting: 0 });
    expect(results.map((sheet) => sheet.rows[0]?.values.sku)).toEqual(['P0', 'P1', 'P2', 'P3']);
  });
});

describe('splitting CSV text', () => {
  const split = (text: string, limits = { columns: 5, cellChars: 20 }) => {
    const records: string[][] = [];
    splitCsv(text, ';', limits, (record) => records.push(record));
    return records;
  };

  it('keeps quoted separators, line breaks and doubled quotes, with any line ending', () => {
    expect(split('a;"b;c";"linha 1\r\nlinha 2"\r\nd;"diz ""oi""";\ne\rf')).toEqual([
      ['a', 'b;c', 'linha 1\r\nlinha 2'],
      ['d', 'diz "oi"', ''],
      ['e'],
      ['f'],
    ]);
    expect(split('')).toEqual([]);
  });

  it('drops empty padding past the column limit and refuses a filled field there, a long field or a bad quote', () => {
    expect(split(`a;b${';'.repeat(1_000)}\r\nc`)).toEqual([['a', 'b', '', '', ''], ['c']]);
    expect(() => split('a;;;;;x')).toThrow(
      expect.objectContaining({ problem: { kind: 'columns', record: 1 } }),
    );
    expect(() => split(`ok\r\na;${'x'.repeat(21)}`)).toThrow(
      expect.objectContaining({ problem: { kind: 'cell', record: 2, column: 1 } }),
    );
    expect(() => split('a;"sem fim')).toThrow(
      expect.objectContaining({ problem: { kind: 'syntax', record: 1 } }),
    );
    expect(() => split('"a"b;c')).toThrow(
      expect.objectContaining({ problem: { kind: 'syntax', record: 1 } }),
    );
  });

  it('says which line of the CSV has a broken quote', async () => {
    await expect(
      parseSheet(Buffer.from('Data;Código;Tipo;Quantidade\r\n05/10/2026;"P1;E;1'), COLUMNS),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Não foi possível ler o CSV na linha 2: confira aspas e separadores (use ; ou ,).',
    });
  });
});
