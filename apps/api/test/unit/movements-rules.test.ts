import { describe, expect, it } from 'vitest';
import {
  duplicateImportMessage,
  invalidRowsMessage,
  markPeriodClosed,
  markShortages,
  previewPeriod,
  reportFileName,
  resolvedRows,
  sheetContentType,
  sheetFingerprint,
  summarize,
} from '../../src/domain/movements/movements-rules.ts';
import {
  checkRow,
  type SheetCatalog,
  type SheetProduct,
} from '../../src/domain/movements/sheet-row-rules.ts';
import type { RawRow } from '../../src/lib/uploads/sheet-reader.ts';

// The monthly sheet's rules, checked without a database: the catalog is handed in.

const rice: SheetProduct = {
  id: 7,
  sku: 'ARROZ-5KG',
  name: 'Arroz 5 kg',
  status: 'active',
  baseCode: 'UN',
  baseFractional: false,
  unities: [
    {
      id: 70,
      label: 'UN',
      code: 'UN',
      quantity: 1000n,
      fractional: false,
      isDefault: true,
      status: 'active',
      barcode: null,
    },
    {
      id: 71,
      label: 'Fardo c/ 6 UN',
      code: 'FD',
      quantity: 6000n,
      fractional: false,
      isDefault: false,
      status: 'active',
      barcode: '7890000000017',
    },
  ],
};
// the repository keys a product by its SKU and by each package's barcode
const catalog: SheetCatalog = {
  products: new Map([
    ['ARROZ-5KG', rice],
    ['7890000000017', rice],
  ]),
  suppliers: new Map([['12345678000195', { id: 3, status: 'active', name: 'Atacado Bom Preço' }]]),
};
const march = { year: 2026, month: 3, today: '2026-03-20' };
const row = (values: RawRow['values'], line = 2): RawRow => ({ line, values });

describe('checkRow', () => {
  it('resolves a good entry in packages to base units, with its supplier and cost', () => {
    const checked = checkRow(
      row({
        date: '05/03/2026',
        sku: 'arroz-5kg',
        type: 'E',
        quantity: '2',
        unity: 'fardo c/ 6 un',
        unitCost: '150,90',
        supplier: '12.345.678/0001-95',
      }),
      catalog,
      march,
    );
    expect(checked.view.errors).toEqual([]);
    expect(checked.resolved).toMatchObject({
      productId: 7,
      productUnityId: 71,
      direction: 'in',
      quantity: 2000n,
      baseQuantity: 12000n,
      unitCost: 1509000n,
      supplierId: 3,
      reason: null,
      occurredOn: '2026-03-05',
    });
    expect(checked.view).toMatchObject({ type: 'Entrada', quantity: '2.000', unitCost: '150.9000' });
  });

  it('names every problem of a row under its column, in order, and resolves nothing', () => {
    const checked = checkRow(
      row({ date: '05/04/2026', sku: 'NAO-EXISTE', type: 'X', quantity: '0' }),
      catalog,
      march,
    );
    expect(checked.resolved).toBeNull();
    expect(checked.view.errors).toEqual([
      { column: 'Data', message: 'Fora do mês escolhido.' },
      { column: 'Código', message: 'Produto NAO-EXISTE não encontrado.' },
      { column: 'Tipo', message: 'Tipo inválido: use Entrada ou Saída (E ou S).' },
      { column: 'Quantidade', message: 'A quantidade deve ser maior que zero.' },
    ]);
  });

  it('refuses a future date, a supplier on an exit and an unknown reason', () => {
    const checked = checkRow(
      row({
        date: '2026-03-25',
        sku: '7890000000017',
        type: 'Saída',
        quantity: 1,
        supplier: '12345678000195',
        reason: 'furto',
      }),
      catalog,
      march,
    );
    expect(checked.view.errors.map((error) => error.column)).toEqual(['Data', 'Fornecedor', 'Motivo']);
    expect(checked.view.errors[0]?.message).toBe('A data não pode ser futura.');
  });

  it('takes a blank reason of an exit as a sale and echoes a long wrong value only as an excerpt', () => {
    const exit = checkRow(
      row({ date: '01/03/2026', sku: 'ARROZ-5KG', type: 'S', quantity: '3' }),
      catalog,
      march,
    );
    expect(exit.resolved).toMatchObject({
      direction: 'out',
      reason: 'venda',
      unitCost: null,
      baseQuantity: 3000n,
    });
    const long = 'X'.repeat(200);
    const wrong = checkRow(row({ date: '01/03/2026', sku: long, type: 'S', quantity: '3' }), catalog, march);
    expect(wrong.view.sku).toBe(`${'X'.repeat(80)}…`);
  });
});

describe('movements rules', () => {
  it('checks a preview against the chosen month, else the first readable date, else today', () => {
    const rows = [row({ date: 'ontem' }), row({ date: '10/02/2026' })];
    expect(previewPeriod({ year: 2026, month: 1 }, rows, '2026-03-20')).toEqual({
      year: 2026,
      month: 1,
      today: '2026-03-20',
    });
    expect(previewPeriod(null, rows, '2026-03-20')).toMatchObject({ year: 2026, month: 2 });
    expect(previewPeriod(null, [row({ date: 'ontem' })], '2026-03-20')).toMatchObject({
      year: 2026,
      month: 3,
    });
  });

  it('tells the same file by its bytes, and says which import it repeats', () => {
    const bytes = new TextEncoder().encode('Data;Código\n');
    expect(sheetFingerprint(bytes)).toBe(sheetFingerprint(new TextEncoder().encode('Data;Código\n')));
    expect(sheetFingerprint(bytes)).not.toBe(sheetFingerprint(new TextEncoder().encode('Data;Codigo\n')));
    expect(duplicateImportMessage({ year: 2026, month: 3 }, 'marco.xlsx')).toBe(
      'Este arquivo já foi importado para 03/2026 (marco.xlsx). Exclua a importação anterior se quiser importá-lo de novo.',
    );
    expect(invalidRowsMessage(1)).toContain('1 linha com erro;');
    expect(invalidRowsMessage(2)).toContain('2 linhas com erro;');
  });

  it('marks a shortage on its row with the date it happens, and a closed month on every row', () => {
    const good = row({ date: '01/03/2026', sku: 'ARROZ-5KG', type: 'S', quantity: '3' }, 2);
    const other = row({ date: '02/03/2026', sku: 'ARROZ-5KG', type: 'E', quantity: '1', unitCost: '1' }, 3);
    const checked = [checkRow(good, catalog, march), checkRow(other, catalog, march)];
    const resolved = resolvedRows(checked);
    markShortages(checked, resolved, [
      { addIndex: 0, occurredOn: '2026-03-04', available: 1000n, requested: 3000n },
    ]);
    expect(checked[0]?.resolved).toBeNull();
    expect(checked[0]?.view.errors).toEqual([
      {
        column: 'Quantidade',
        message: 'Estoque insuficiente em 04/03/2026: disponível 1 UN, solicitado 3 UN.',
      },
    ]);
    expect(summarize(checked)).toEqual({ rows: 2, valid: 1, invalid: 1, entries: 1, exits: 1 });
    markPeriodClosed(checked, 'O mês 03/2026 está fechado para movimentações.');
    expect(summarize(checked).invalid).toBe(2);
    expect(checked[1]?.view.errors).toEqual([
      { column: 'Data', message: 'O mês 03/2026 está fechado para movimentações.' },
    ]);
  });

  it('serves a stored sheet as what its bytes are and names the month report', () => {
    expect(sheetContentType(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]))).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(sheetContentType(Buffer.from('Data;Código'))).toBe('text/csv');
    expect(reportFileName({ year: 2026, month: 3 })).toBe('relatorio-estoque-2026-03.pdf');
  });
});
