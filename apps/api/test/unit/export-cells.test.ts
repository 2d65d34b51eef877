import { describe, expect, it } from 'vitest';
import { csvField, decimalBR, exportFileName, isFormulaLike, xlsxValue } from '../../src/lib/export-cells.ts';
import { pagedRows } from '../../src/lib/exports.ts';

const TZ = 'America/Sao_Paulo';

describe('export cells', () => {
  it('knows what a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+55 11', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])
      expect(isFormulaLike(text)).toBe(true);
    for (const text of ['Café', '1-2', ' =x', '']) expect(isFormulaLike(text)).toBe(false);
  });

  it('writes CSV text guarded and quoted as needed', () => {
    expect(csvField('text', '=1+1', TZ)).toBe("'=1+1");
    expect(csvField('text', '-10', TZ)).toBe("'-10");
    expect(csvField('text', 'a;b', TZ)).toBe('"a;b"');
    expect(csvField('text', 'diz "oi"', TZ)).toBe('"diz ""oi"""');
    expect(csvField('text', 'linha\nnova', TZ)).toBe('"linha\nnova"');
    expect(csvField('text', null, TZ)).toBe('');
    expect(csvField('text', true, TZ)).toBe('Sim');
  });

  it('writes numbers, money and dates the Brazilian way in a CSV', () => {
    expect(csvField('number', '1234.500', TZ)).toBe('1234,5');
    expect(csvField('number', '-3.000', TZ)).toBe('-3');
    expect(csvField('number', 7, TZ)).toBe('7');
    expect(csvField('money', '10.0000', TZ)).toBe('10,00');
    expect(csvField('money', '0.1234', TZ)).toBe('0,1234');
    expect(csvField('date', '2026-11-24', TZ)).toBe('24/11/2026');
    expect(csvField('datetime', '2026-11-24T03:30:00.000Z', TZ)).toBe('24/11/2026 00:30');
    expect(decimalBR('abc', 2)).toBeNull();
  });

  it('gives .xlsx cells their real types', () => {
    expect(xlsxValue('number', '1234.500', TZ)).toBe(1234.5);
    expect(xlsxValue('money', '99999999999.9999', TZ)).toBe(99999999999.9999);
    expect(xlsxValue('date', '2026-01-15', TZ)).toEqual(new Date(Date.UTC(2026, 0, 15)));
    expect(xlsxValue('datetime', '2026-11-24T03:30:00.000Z', TZ)).toEqual(
      new Date(Date.UTC(2026, 10, 24, 0, 30)),
    );
    expect(xlsxValue('text', '=1+1', TZ)).toBe('=1+1');
    expect(xlsxValue('text', '', TZ)).toBeNull();
  });

  it('names the file in Portuguese with the date', () => {
    expect(exportFileName('fornecedores', '2026-11-24', 'xlsx')).toBe('fornecedores-2026-11-24.xlsx');
  });
});

describe('pagedRows', () => {
  const list = (total: number) => async (page: number, pageSize: number) => ({
    data: Array.from({ length: Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize)) }, (_, i) => i),
    total,
  });
  const all = async (rows: AsyncIterable<number>) => {
    const out: number[] = [];
    for await (const row of rows) out.push(row);
    return out;
  };

  it('reads every page of the list', async () => {
    expect(await all(pagedRows(list(2500)))).toHaveLength(2500);
    expect(await all(pagedRows(list(0)))).toHaveLength(0);
  });

  it('refuses a list longer than the limit before writing anything', async () => {
    await expect(all(pagedRows(list(5), 3))).rejects.toMatchObject({
      statusCode: 400,
      message: 'A lista tem 5 linhas e a exportação aceita no máximo 3: use os filtros para diminuí-la.',
    });
  });
});
