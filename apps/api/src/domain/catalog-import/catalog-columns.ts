import { CATALOG_COLUMN_TITLES } from '@armazem/contracts/catalog-import';

/**
 * The catalog sheet's columns, for the shared sheet reader (domain/movements/sheet-parser.ts): matched by name, in
 * any order, without case or accents. The labels are the template's and the export's titles, in the same order.
 */
export const CATALOG_COLUMNS = {
  sku: {
    label: 'Código',
    required: true,
    aliases: ['codigo', 'sku', 'codigo sku', 'codigo do produto', 'cod'],
  },
  name: { label: 'Nome', required: true, aliases: ['nome', 'produto', 'nome do produto', 'descricao curta'] },
  description: { label: 'Descrição', required: false, aliases: ['descricao', 'descricao do produto'] },
  category: { label: 'Categoria', required: false, aliases: ['categoria', 'grupo'] },
  unity: { label: 'Unidade', required: false, aliases: ['unidade', 'un', 'unidade base', 'unid'] },
  barcode: {
    label: 'Código de barras',
    required: false,
    aliases: ['codigo de barras', 'gtin', 'ean', 'gtin/ean', 'codigo de barras gtin/ean'],
  },
  ncm: { label: 'NCM', required: false, aliases: ['ncm'] },
  cest: { label: 'CEST', required: false, aliases: ['cest'] },
  minStock: {
    label: 'Estoque mínimo',
    required: false,
    aliases: ['estoque minimo', 'minimo', 'estoque min'],
  },
  costPrice: { label: 'Preço de custo', required: false, aliases: ['preco de custo', 'custo'] },
  salePrice: {
    label: 'Preço de venda',
    required: false,
    aliases: ['preco de venda', 'venda', 'preco'],
  },
  package: { label: 'Embalagem', required: false, aliases: ['embalagem'] },
  packageBarcode: {
    label: 'Código de barras da embalagem',
    required: false,
    aliases: ['codigo de barras da embalagem', 'gtin da embalagem', 'ean da embalagem'],
  },
  itemType: {
    label: 'Tipo do item',
    required: false,
    aliases: ['tipo do item', 'tipo item'],
  },
} as const;
export type CatalogColumn = keyof typeof CATALOG_COLUMNS;

// the titles in contracts and the labels here are one list: a renamed column must change both
const labels = Object.values(CATALOG_COLUMNS).map((column) => column.label);
if (labels.join('|') !== CATALOG_COLUMN_TITLES.join('|'))
  throw new Error('CATALOG_COLUMNS and CATALOG_COLUMN_TITLES disagree');
