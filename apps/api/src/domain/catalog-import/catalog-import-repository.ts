import { sql, type Insertable } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { nowIso, toBigInt } from '../../db/database.ts';
import { JSON_BATCH, insertJsonRows, jsonRows } from '../../db/json-rows.ts';
import type { AuditLogTable, Dialect, PriceTable, ProductTable } from '../../db/types.ts';
import { sortKey } from '../../lib/text.ts';
import { chunks } from '../../lib/chunks.ts';
import { insertProductCompanions, latestPrices } from '../products/products-public-service.ts';
import { ONE } from '../shared/catalog-rules.ts';
import type { CatalogLookups, ExistingProduct } from './catalog-import-rules.ts';

// SQL of the catalog import: read what the rows name in chunks, write in batches (never one statement per row):
// each batch travels as one JSON value (db/json-rows.ts).

/**
 * Codes looked up per query when the import reads what the rows name: one bound value each, far under both databases'
 * limits, and a fifth of the round trips of 1,000 (a 50,000-row preview of changes: 3.5 → 2.7 s SQLite, 6 → 4 s PG).
 */
const LOOKUP_CHUNK = 5_000;

/** The price as the import compares and audits it: cost and sale, without the date it took effect. */
const priceOf = (price: { cost: bigint; sale: bigint } | undefined) =>
  price ? { cost: price.cost, sale: price.sale } : null;

async function productsBySku(db: Db | Tx, skus: string[], today: string) {
  const products = new Map<string, ExistingProduct>();
  for (const part of chunks(skus, LOOKUP_CHUNK)) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'sku', 'name', 'description', 'category_id', 'base_unity_id', 'min_stock'])
      .select(['barcode', 'ncm', 'cest', 'item_type'])
      .where('sku', 'in', part)
      .execute();
    const ids = rows.map((row) => row.id);
    const [prices, packages] = ids.length
      ? await Promise.all([latestPrices(db, ids, today), packagesOf(db, ids)])
      : [];
    for (const row of rows)
      products.set(row.sku, {
        id: row.id,
        sku: row.sku,
        name: row.name,
        description: row.description,
        categoryId: row.category_id,
        unityId: row.base_unity_id,
        minStock: toBigInt(row.min_stock),
        barcode: row.barcode,
        ncm: row.ncm,
        cest: row.cest,
        itemType: row.item_type,
        price: priceOf(prices?.get(row.id)),
        packages: packages?.get(row.id) ?? [],
      });
  }
  return products;
}

async function packagesOf(db: Db | Tx, ids: number[]) {
  const rows = await db
    .selectFrom('product_unities')
    .select(['id', 'product_id', 'unity_batch_id', 'quantity', 'barcode'])
    .where('product_id', 'in', ids)
    .where('is_default', '=', 0)
    .orderBy('id')
    .execute();
  const packages = new Map<number, ExistingProduct['packages']>();
  for (const row of rows) {
    const list = packages.get(row.product_id) ?? [];
    list.push({
      id: row.id,
      batchId: row.unity_batch_id,
      quantity: toBigInt(row.quantity),
      barcode: row.barcode,
    });
    packages.set(row.product_id, list);
  }
  return packages;
}

async function barcodeOwners(db: Db | Tx, codes: string[]) {
  const owners: CatalogLookups['barcodes'] = new Map();
  for (const part of chunks(codes, LOOKUP_CHUNK)) {
    const products = await db
      .selectFrom('products')
      .select(['id', 'barcode'])
      .where('barcode', 'in', part)
      .execute();
    for (const row of products)
      if (row.barcode) owners.set(row.barcode, { productId: row.id, packageId: null });
    const packages = await db
      .selectFrom('product_unities')
      .select(['id', 'product_id', 'barcode'])
      .where('barcode', 'in', part)
      .execute();
    for (const row of packages)
      if (row.barcode) owners.set(row.barcode, { productId: row.product_id, packageId: row.id });
  }
  return owners;
}

/**
 * Catalog imports run one at a time (PostgreSQL: a transaction-scoped advisory lock, taken before anything else; SQLite
 * writes one transaction at a time anyway): the second of two imports of the same sheet then sees the first one's
 * products and answers "unchanged" on both databases, instead of a conflict on PostgreSQL only.
 */
export async function lockCatalogImports(tx: Tx, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(2026011)`.execute(tx);
}

/** Everything the rows name, read once: the products of their SKUs, the reference data, the barcodes' owners. */
export async function findCatalogLookups(
  db: Db | Tx,
  named: { skus: string[]; barcodes: string[] },
  today: string,
): Promise<CatalogLookups> {
  const [products, categories, unities, batches, barcodes] = await Promise.all([
    productsBySku(db, named.skus, today),
    db.selectFrom('categories').select(['id', 'name', 'status']).execute(),
    db.selectFrom('unities').select(['id', 'code', 'name', 'fractional', 'status']).execute(),
    db.selectFrom('unity_batches').select(['id', 'code', 'name', 'status']).execute(),
    barcodeOwners(db, named.barcodes),
  ]);
  const batchMap: CatalogLookups['batches'] = new Map();
  for (const batch of batches) {
    batchMap.set(sortKey(batch.code), batch);
    batchMap.set(sortKey(batch.name), batch);
  }
  return {
    products,
    categories: new Map(categories.map((row) => [sortKey(row.name), row])),
    unities: new Map(
      unities.map((row) => [row.code.toUpperCase(), { ...row, fractional: row.fractional === 1 }]),
    ),
    batches: batchMap,
    barcodes,
  };
}

export async function insertCategories(tx: Tx, names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (names.length === 0) return ids;
  const rows = await tx
    .insertInto('categories')
    .values(names.map((name) => ({ name, name_sort: sortKey(name), status: 'active' as const })))
    .returning(['id', 'name'])
    .execute();
  for (const row of rows) ids.set(sortKey(row.name), row.id);
  return ids;
}

type NewProductRow = Omit<Insertable<ProductTable>, 'created_at' | 'updated_at' | 'min_stock'> & {
  min_stock: string;
};

/**
 * New products, each with its default package (one base unit, loose) and an empty balance: 5,000 products per
 * statement, their companions set-based from the rows just written.
 */
export async function insertProducts(tx: Tx, dialect: Dialect, rows: NewProductRow[], looseBatchId: number) {
  const now = nowIso();
  const inserted = await insertJsonRows<{ id: number; sku: string }>(
    tx,
    dialect,
    'products',
    rows.map((row) => ({ ...row, created_at: now, updated_at: now })),
    ['id', 'sku'],
  );
  await insertProductCompanions(
    tx,
    inserted.map((row) => row.id),
    { unityBatchId: looseBatchId, quantity: ONE },
  );
  return new Map(inserted.map((row) => [row.sku, row.id]));
}

export interface ProductChange {
  id: number;
  name: string;
  description: string | null;
  categoryId: number;
  minStock: bigint;
  barcode: string | null;
  ncm: string | null;
  cest: string | null;
  itemType: string;
  searchText: string;
  nameSort: string;
}

/** Changed products, 5,000 per statement: UPDATE … FROM the rows as JSON (SQLite ≥ 3.33 and PostgreSQL alike). */
export async function updateProducts(tx: Tx, dialect: Dialect, changes: ProductChange[]) {
  const now = nowIso();
  const columns = ['id', 'name', 'description', 'category_id', 'min_stock', 'barcode', 'ncm', 'cest'];
  const more = ['item_type', 'search_text', 'name_sort'];
  for (const part of chunks(changes, JSON_BATCH)) {
    const rows = part.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
      category_id: c.categoryId,
      min_stock: c.minStock.toString(),
      barcode: c.barcode,
      ncm: c.ncm,
      cest: c.cest,
      item_type: c.itemType,
      search_text: c.searchText,
      name_sort: c.nameSort,
    }));
    await sql`
      update products set
        name = v.name, description = v.description, category_id = v.category_id, min_stock = v.min_stock,
        barcode = v.barcode, ncm = v.ncm, cest = v.cest, item_type = v.item_type, search_text = v.search_text,
        name_sort = v.name_sort, updated_at = ${now}
      from (${jsonRows(dialect, 'products', [...columns, ...more], rows)}) as v
      where products.id = v.id`.execute(tx);
  }
}

export async function insertPrices(
  tx: Tx,
  dialect: Dialect,
  rows: Array<Omit<Insertable<PriceTable>, 'created_at' | 'cost_price' | 'sale_price'> & Money>,
) {
  const now = nowIso();
  await insertJsonRows(
    tx,
    dialect,
    'prices',
    rows.map((row) => ({ ...row, created_at: now })),
  );
}
type Money = { cost_price: string; sale_price: string };

export interface NewPackage {
  productId: number;
  unityId: number;
  batchId: number;
  quantity: bigint;
  barcode: string | null;
}

export async function insertPackages(tx: Tx, dialect: Dialect, rows: NewPackage[]) {
  const now = nowIso();
  await insertJsonRows(
    tx,
    dialect,
    'product_unities',
    rows.map((row) => ({
      product_id: row.productId,
      unity_id: row.unityId,
      unity_batch_id: row.batchId,
      quantity: row.quantity.toString(),
      barcode: row.barcode,
      status: 'active',
      is_default: 0,
      created_at: now,
      updated_at: now,
    })),
  );
}

/** Packages' new barcodes (or none), 5,000 per statement. */
export async function updatePackageBarcodes(
  tx: Tx,
  dialect: Dialect,
  changes: Array<{ id: number; barcode: string | null }>,
) {
  const now = nowIso();
  for (const part of chunks(changes, JSON_BATCH))
    await sql`
      update product_unities set barcode = v.barcode, updated_at = ${now}
      from (${jsonRows(dialect, 'product_unities', ['id', 'barcode'], part)}) as v
      where product_unities.id = v.id`.execute(tx);
}

export async function insertAuditRows(tx: Tx, dialect: Dialect, rows: Insertable<AuditLogTable>[]) {
  await insertJsonRows(
    tx,
    dialect,
    'audit_log',
    rows.map((row) => ({ ...row, created_at: String(row.created_at) })),
  );
}
