import { sql, type Insertable } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { nowIso, toBigInt } from '../../db/database.ts';
import type { AuditLogTable, PriceTable, ProductTable } from '../../db/types.ts';
import { sortKey } from '../../lib/text.ts';
import { insertProductCompanions } from '../products/products-repository.ts';
import { ONE } from '../products/products-rules.ts';
import type { CatalogLookups, ExistingProduct } from './catalog-import-rules.ts';

// SQL of the catalog import: read what the rows name in chunks, write in batches (never one statement per row).

/** Rows per statement: under SQLite's and PostgreSQL's bound-parameter limits for the widest table written. */
const CHUNK = 1000;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

async function productsBySku(db: Db | Tx, skus: string[], today: string) {
  const products = new Map<string, ExistingProduct>();
  for (const part of chunks(skus)) {
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
        price: prices?.get(row.id) ?? null,
        packages: packages?.get(row.id) ?? [],
      });
  }
  return products;
}

/** The current product-level price (the one the product list shows): latest effective by today. */
async function latestPrices(db: Db | Tx, ids: number[], today: string) {
  const rows = await db
    .selectFrom('prices as pr')
    .leftJoin('product_unities as pu', 'pu.id', 'pr.product_unity_id')
    .select(['pr.product_id', 'pr.cost_price', 'pr.sale_price'])
    .where('pr.product_id', 'in', ids)
    .where('pr.effective_from', '<=', today)
    .where((eb) => eb.or([eb('pr.product_unity_id', 'is', null), eb('pu.is_default', '=', 1)]))
    .orderBy('pr.product_id')
    .orderBy('pr.effective_from', 'desc')
    .orderBy('pr.id', 'desc')
    .execute();
  const prices = new Map<number, { cost: bigint; sale: bigint }>();
  for (const row of rows)
    if (!prices.has(row.product_id))
      prices.set(row.product_id, { cost: toBigInt(row.cost_price), sale: toBigInt(row.sale_price) });
  return prices;
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
  for (const part of chunks(codes)) {
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

type NewProductRow = Omit<Insertable<ProductTable>, 'created_at' | 'updated_at'>;

/** New products, each with its default package (one base unit, loose) and an empty balance. */
export async function insertProducts(tx: Tx, rows: NewProductRow[], looseBatchId: number) {
  const now = nowIso();
  const ids = new Map<string, number>();
  for (const part of chunks(rows, 500)) {
    const inserted = await tx
      .insertInto('products')
      .values(part.map((row) => ({ ...row, created_at: now, updated_at: now })))
      .returning(['id', 'sku'])
      .execute();
    for (const row of inserted) ids.set(row.sku, row.id);
    const baseUnity = new Map(part.map((row) => [row.sku, row.base_unity_id]));
    await insertProductCompanions(
      tx,
      inserted.map(({ id, sku }) => ({ id, baseUnityId: baseUnity.get(sku) ?? 0 })),
      { unityBatchId: looseBatchId, quantity: ONE },
      now,
    );
  }
  return ids;
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

/**
 * Changed products, a thousand per statement: UPDATE … FROM a VALUES list (SQLite ≥ 3.33 and PostgreSQL alike;
 * VALUES columns are column1…N on both, and cast because PostgreSQL reads bound parameters there as text).
 */
export async function updateProducts(tx: Tx, changes: ProductChange[]) {
  const now = nowIso();
  for (const part of chunks(changes)) {
    const values = sql.join(
      part.map(
        (c) =>
          sql`(${c.id}, ${c.name}, ${c.description}, ${c.categoryId}, ${c.minStock.toString()}, ${c.barcode}, ${c.ncm}, ${c.cest}, ${c.itemType}, ${c.searchText}, ${c.nameSort})`,
      ),
    );
    await sql`
      update products set
        name = v.name, description = v.description, category_id = v.category_id, min_stock = v.min_stock,
        barcode = v.barcode, ncm = v.ncm, cest = v.cest, item_type = v.item_type, search_text = v.search_text,
        name_sort = v.name_sort, updated_at = ${now}
      from (
        select cast(column1 as integer) as id, column2 as name, column3 as description,
          cast(column4 as integer) as category_id, cast(column5 as bigint) as min_stock, column6 as barcode,
          column7 as ncm, column8 as cest, column9 as item_type, column10 as search_text, column11 as name_sort
        from (values ${values}) as t
      ) as v
      where products.id = v.id`.execute(tx);
  }
}

export async function insertPrices(tx: Tx, rows: Array<Omit<Insertable<PriceTable>, 'created_at'>>) {
  const now = nowIso();
  for (const part of chunks(rows))
    await tx
      .insertInto('prices')
      .values(part.map((row) => ({ ...row, created_at: now })))
      .execute();
}

export interface NewPackage {
  productId: number;
  unityId: number;
  batchId: number;
  quantity: bigint;
  barcode: string | null;
}

export async function insertPackages(tx: Tx, rows: NewPackage[]) {
  const now = nowIso();
  for (const part of chunks(rows))
    await tx
      .insertInto('product_unities')
      .values(
        part.map((row) => ({
          product_id: row.productId,
          unity_id: row.unityId,
          unity_batch_id: row.batchId,
          quantity: row.quantity.toString(),
          barcode: row.barcode,
          status: 'active' as const,
          is_default: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
}

/** A package's new barcode: rare (the sheet names one package per product), so one statement each. */
export async function updatePackageBarcode(tx: Tx, id: number, barcode: string | null) {
  await tx
    .updateTable('product_unities')
    .set({ barcode, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function insertAuditRows(tx: Tx, rows: Insertable<AuditLogTable>[]) {
  for (const part of chunks(rows)) await tx.insertInto('audit_log').values(part).execute();
}
