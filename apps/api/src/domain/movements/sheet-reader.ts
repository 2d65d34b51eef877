import { readSheetInWorker } from './sheet-worker-pool.ts';

/** The sheet's columns, in the business's words; matched by name, in any order, without case or accents. */
export const COLUMNS = {
  date: { label: 'Data', required: true, aliases: ['data', 'data do movimento', 'dia'] },
  sku: {
    label: 'Código',
    required: true,
    aliases: ['codigo', 'sku', 'codigo sku', 'codigo do produto', 'produto codigo', 'cod'],
  },
  type: { label: 'Tipo', required: true, aliases: ['tipo', 'tipo de movimento', 'movimento', 'e/s'] },
  quantity: { label: 'Quantidade', required: true, aliases: ['quantidade', 'qtd', 'qtde', 'quant'] },
  unity: { label: 'Unidade', required: false, aliases: ['unidade', 'embalagem', 'un'] },
  unitCost: {
    label: 'Custo Unitário',
    required: false,
    aliases: ['custo unitario', 'custo', 'valor unitario', 'preco de custo'],
  },
  supplier: {
    label: 'Fornecedor',
    required: false,
    aliases: ['fornecedor', 'cnpj', 'cnpj do fornecedor', 'cpf/cnpj', 'cnpj/cpf'],
  },
  document: {
    label: 'Documento',
    required: false,
    aliases: ['documento', 'nf', 'nota fiscal', 'nota', 'doc'],
  },
  notes: {
    label: 'Observação',
    required: false,
    aliases: ['observacao', 'observacoes', 'obs', 'observacao/nota'],
  },
  reason: { label: 'Motivo', required: false, aliases: ['motivo', 'motivo da saida'] },
} as const;
export type ColumnKey = keyof typeof COLUMNS;

/** A sheet's columns: the key code reads, the label people see, and the header names that mean it. */
export type SheetColumns = Readonly<
  Record<string, { label: string; required: boolean; aliases: readonly string[] }>
>;

export type CellValue = string | number | Date;
export interface RawRow<K extends string = ColumnKey> {
  line: number;
  values: Partial<Record<K, CellValue>>;
}
export interface RawSheet<K extends string = ColumnKey> {
  kind: 'xlsx' | 'csv';
  /** How numbers typed as text are written: a ';'-separated CSV comes from a Brazilian-locale program. */
  numberStyle: 'auto' | 'brazilian';
  columns: K[];
  rows: RawRow<K>[];
}

/** Reads the sheet off the main thread, within a time and memory budget (sheet-worker-pool.ts, sheet-parser.ts). */
export function readSheet(bytes: Uint8Array): Promise<RawSheet> {
  return readSheetInWorker(bytes) as Promise<RawSheet>;
}

/** The same reader for another sheet with its own columns (the catalog sheet): same limits, same worker. */
export function readSheetOf<C extends SheetColumns>(
  bytes: Uint8Array,
  columns: C,
): Promise<RawSheet<Extract<keyof C, string>>> {
  return readSheetInWorker(bytes, undefined, columns) as Promise<RawSheet<Extract<keyof C, string>>>;
}
