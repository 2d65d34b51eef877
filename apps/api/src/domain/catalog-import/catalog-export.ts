import { sql } from 'kysely';
import type { ZProductListQuery } from '@armazem/contracts/catalog';
import { CATALOG_COLUMN_TITLES } from '@armazem/contracts/catalog-import';
import { MONEY_SCALE, QUANTITY_SCALE, formatScaled } from '@armazem/contracts/decimal';
import { EXPORT_MAX_ROWS } from '@armazem/contracts/exports';
import type { z } from 'zod/mini';
import type { Db } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { badRequest } from '../../lib/errors.ts';
import type { ExportColumn } from '../../lib/exports.ts';
import { countLabel, quantityLabel } from '../../lib/numbers.ts';
import { chunks } from '../../lib/chunks.ts';
import {
  latestPrices,
  PRODUCT_SORT_COLUMNS,
  productBase,
  productFilters,
} from '../products/products-public-service.ts';

// The products list as a catalog sheet: the same columns as the template, so export → edit → import round-trips.

export type CatalogExportQuery = Pick<
  z.output<typeof ZProductListQuery>,
  'q' | 'categoryId' | 'status' | 'sort' | 'order'
>;
/** One exported product, as the catalog sheet's cells (numbers as exact decimal strings). */
export type CatalogExportRow = Array<string | null>;

/** The export's columns: the catalog sheet's titles in order; numbers and money typed, codes kept as text. */
export const CATALOG_EXPORT_COLUMNS: ExportColumn<CatalogExportRow>[] = CATALOG_COLUMN_TITLES.map(
  (title, index) => ({
    title,
    type: index === 8 ? 'number' : index === 9 || index === 10 ? 'money' : 'text',
    width: index === 1 ? 40 : index === 2 ? 30 : 16,
    value: (row: CatalogExportRow) => row[index],
  }),
);

/** Products per query for the prices and packages (under SQLite's and PostgreSQL's bound-parameter limits). */
const CHUNK = 1000;

/** A scaled integer as an exact decimal string: the export writes it as a typed number cell. */
const decimal = (value: string | number | bigint, scale: number) => formatScaled(toBigInt(value), scale);

async function packagesFor(db: Db, ids: number[]) {
  const first = new Map<number, { label: string; barcode: string | null }>();
  for (const part of chunks(ids, CHUNK)) {
    const rows = await db
      .selectFrom('product_unities as pu')
      .innerJoin('unity_batches as ub', 'ub.id', 'pu.unity_batch_id')
      .select(['pu.product_id', 'pu.quantity', 'pu.barcode', 'ub.name'])
      .where('pu.product_id', 'in', part)
      .where('pu.is_default', '=', 0)
      .where('pu.status', '=', 'active')
      .orderBy('pu.id')
      .execute();
    for (const row of rows)
      if (!first.has(row.product_id))
        first.set(row.product_id, {
          label: `${row.name} c/ ${quantityLabel(row.quantity)}`,
          barcode: row.barcode,
        });
  }
  return first;
}

async function pricesFor(db: Db, ids: number[], today: string) {
  const prices = new Map<number, { cost: string; sale: string }>();
  for (const part of chunks(ids, CHUNK))
    for (const [id, price] of await latestPrices(db, part, today))
      prices.set(id, { cost: decimal(price.cost, MONEY_SCALE), sale: decimal(price.sale, MONEY_SCALE) });
  return prices;
}

/** Every product the list's filters match (in its order), as catalog sheet rows. */
export async function catalogExport(db: Db, dialect: Dialect, query: CatalogExportQuery, today: string) {
  const filters = productFilters(dialect, query);
  const products = await productBase(db)
    .select([
      'p.id',
      'p.sku',
      'p.name',
      'p.description',
      'p.barcode',
      'p.ncm',
      'p.cest',
      'p.item_type',
      'p.min_stock',
    ])
    .select(['c.name as category', 'u.code as unity'])
    .where(({ and }) => and(filters))
    .orderBy(sql.ref(PRODUCT_SORT_COLUMNS[query.sort]), query.order)
    .orderBy('p.id', query.order)
    .limit(EXPORT_MAX_ROWS + 1)
    .execute();
  if (products.length > EXPORT_MAX_ROWS)
    throw badRequest(
      `A lista tem mais de ${countLabel(EXPORT_MAX_ROWS)} produtos: use os filtros para diminuí-la.`,
      'format',
    );
  const ids = products.map((row) => row.id);
  const [prices, packages] = await Promise.all([pricesFor(db, ids, today), packagesFor(db, ids)]);
  return products.map((row): CatalogExportRow => {
    const price = prices.get(row.id);
    const pack = packages.get(row.id);
    return [
      row.sku,
      row.name,
      row.description,
      row.category,
      row.unity,
      row.barcode,
      row.ncm,
      row.cest,
      decimal(row.min_stock, QUANTITY_SCALE),
      price?.cost ?? null,
      price?.sale ?? null,
      pack?.label ?? null,
      pack?.barcode ?? null,
      row.item_type,
    ];
  });
}
