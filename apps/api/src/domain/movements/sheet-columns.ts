import type { RawRow } from '../../lib/uploads/sheet-reader.ts';

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

/** A row of the monthly sheet, by its columns. */
export type MovementRow = RawRow<ColumnKey>;
