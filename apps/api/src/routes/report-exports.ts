import type {
  TAbcRow,
  TCoverageRow,
  TDeadStockRow,
  TReorderRow,
  TStockValue,
} from '@armazem/contracts/reports';
import type { ExportColumn } from '../lib/exports.ts';

// The columns of each report's export file (lib/exports.ts writes them): Portuguese titles, typed cells.

type StockValueLine = Omit<TStockValue['data'][number], 'category'> & { category: { name: string } };

/** One line per month end and category, then the month's total (category "Total"). */
export const STOCK_VALUE_COLUMNS: ExportColumn<StockValueLine>[] = [
  { title: 'Mês', width: 9, value: (r) => r.month },
  { title: 'Data', type: 'date', value: (r) => r.date },
  { title: 'Categoria', width: 24, value: (r) => r.category.name },
  { title: 'Valor em estoque', type: 'money', value: (r) => r.totalValue },
];

export function stockValueLines(report: TStockValue): StockValueLine[] {
  return report.totals.flatMap((total) => [
    ...report.data.filter((row) => row.month === total.month),
    { ...total, category: { name: 'Total' } },
  ]);
}

/** The ABC curve, largest exits first; shares in percent. */
export const ABC_COLUMNS: ExportColumn<TAbcRow>[] = [
  { title: 'Código', width: 16, value: (r) => r.product.sku },
  { title: 'Produto', width: 40, value: (r) => r.product.name },
  { title: 'Saídas a custo', type: 'money', value: (r) => r.exitsValue },
  { title: 'Participação (%)', type: 'number', value: (r) => r.share },
  { title: 'Participação acumulada (%)', type: 'number', value: (r) => r.cumulativeShare },
  { title: 'Classe', width: 8, value: (r) => r.class },
];

/** Coverage and turnover per product; no coverage ("sem saída") without exits. */
export const COVERAGE_COLUMNS: ExportColumn<TCoverageRow>[] = [
  { title: 'Código', width: 16, value: (r) => r.product.sku },
  { title: 'Produto', width: 40, value: (r) => r.product.name },
  { title: 'Unidade', width: 9, value: (r) => r.unity },
  { title: 'Saldo', type: 'number', value: (r) => r.quantity },
  { title: 'Saídas no período', type: 'number', value: (r) => r.exitsQuantity },
  { title: 'Saída por dia', type: 'number', value: (r) => r.dailyRate },
  { title: 'Cobertura (dias)', type: 'number', value: (r) => r.coverageDays ?? 'sem saída' },
  { title: 'Saídas a custo', type: 'money', value: (r) => r.exitsValue },
  { title: 'Valor inicial', type: 'money', value: (r) => r.openingValue },
  { title: 'Valor final', type: 'money', value: (r) => r.closingValue },
  { title: 'Giro', type: 'number', value: (r) => r.turnover },
];

/** Dead stock, the largest value first. */
export const DEAD_STOCK_COLUMNS: ExportColumn<TDeadStockRow>[] = [
  { title: 'Código', width: 16, value: (r) => r.product.sku },
  { title: 'Produto', width: 40, value: (r) => r.product.name },
  { title: 'Unidade', width: 9, value: (r) => r.unity },
  { title: 'Saldo', type: 'number', value: (r) => r.quantity },
  { title: 'Última saída', type: 'date', value: (r) => r.lastExitOn },
  { title: 'Valor em estoque', type: 'money', value: (r) => r.totalValue },
];

/** The purchase list: what to buy of each product, by supplier. */
export const REORDER_COLUMNS: ExportColumn<TReorderRow>[] = [
  { title: 'Fornecedor', width: 30, value: (r) => r.supplier.name },
  { title: 'Prazo de entrega (dias)', type: 'number', value: (r) => r.supplier.leadTimeDays },
  { title: 'Código', width: 16, value: (r) => r.product.sku },
  { title: 'Produto', width: 40, value: (r) => r.product.name },
  { title: 'Unidade', width: 9, value: (r) => r.unity },
  { title: 'Saldo', type: 'number', value: (r) => r.quantity },
  { title: 'Estoque mínimo', type: 'number', value: (r) => r.minStock },
  { title: 'Saída por dia', type: 'number', value: (r) => r.dailyRate },
  { title: 'Quantidade a comprar', type: 'number', value: (r) => r.suggestedQuantity },
];
