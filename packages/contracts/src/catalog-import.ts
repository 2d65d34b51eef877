import { z } from 'zod/mini';
import { ZSheetRowError } from './movements.ts';

// The catalog sheet (DESIGN.md §3 "Catalog and reference data"): preview and import answers.

export const CATALOG_ACTIONS = ['create', 'update', 'unchanged'] as const;
export type TCatalogAction = (typeof CATALOG_ACTIONS)[number];

export const ZCatalogRow = z.object({
  line: z.number(),
  sku: z.nullable(z.string()),
  name: z.nullable(z.string()),
  /** for a row with errors: what it would have done (create when its code is unknown or unreadable) */
  action: z.enum(CATALOG_ACTIONS),
  /** the price the import records (cost and sale, plain decimals), null when it records none */
  costPrice: z.nullable(z.string()),
  salePrice: z.nullable(z.string()),
  /** the package read, as "Caixa c/ 12 UN"; null without one */
  package: z.nullable(z.string()),
  errors: z.array(ZSheetRowError),
});
export type TCatalogRow = z.infer<typeof ZCatalogRow>;

export const ZCatalogSummary = z.object({
  rows: z.number(),
  valid: z.number(),
  invalid: z.number(),
  create: z.number(),
  update: z.number(),
  unchanged: z.number(),
  newCategories: z.array(z.string()),
});
export type TCatalogSummary = z.infer<typeof ZCatalogSummary>;

export const ZCatalogPreview = z.object({
  fileName: z.string(),
  rows: z.array(ZCatalogRow),
  summary: ZCatalogSummary,
});
export type TCatalogPreview = z.infer<typeof ZCatalogPreview>;

export const ZCatalogImportResult = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
});
export type TCatalogImportResult = z.infer<typeof ZCatalogImportResult>;

/** The sheet's column titles, in the template's order: the template, the export and the import read the same. */
export const CATALOG_COLUMN_TITLES = [
  'Código',
  'Nome',
  'Descrição',
  'Categoria',
  'Unidade',
  'Código de barras',
  'NCM',
  'CEST',
  'Estoque mínimo',
  'Preço de custo',
  'Preço de venda',
  'Embalagem',
  'Código de barras da embalagem',
  'Tipo do item',
] as const;
