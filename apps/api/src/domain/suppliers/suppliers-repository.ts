import { sql, type RawBuilder } from 'kysely';
import type { TSupplier, ZSupplierListQuery } from '@armazem/contracts/catalog';
import type { z } from 'zod/mini';
import type { Db, Tx, RowOf } from '../../db/database.ts';
import { emptiesSmallest, onePage } from '../../lib/paging.ts';
import { nowIso, toNumber } from '../../db/database.ts';
import { matchesAllWords } from '../../lib/text-search.ts';
import { addressFromColumns, type SupplierFields } from './suppliers-rules.ts';

type ListQuery = z.output<typeof ZSupplierListQuery>;
/** The stored columns derived from the edited ones (search text, sort keys). */
type Derived = { search_text: string; name_sort: string; trade_name_sort: string };

function supplierColumns(db: Db | Tx) {
  return db.selectFrom('suppliers as s').select([
    's.id',
    's.name',
    's.trade_name',
    's.document',
    's.email',
    's.phone',
    's.state_registration',
    's.street',
    's.street_number',
    's.district',
    's.city',
    's.state',
    's.zip',
    's.lead_time_days',
    's.status',
    's.created_at',
    's.updated_at',
    (eb) =>
      eb
        .selectFrom('supplier_products as sp')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('sp.supplier_id', '=', 's.id')
        .as('products_count'),
  ]);
}

type SupplierRow = RowOf<typeof supplierColumns>;

function toSupplier(row: SupplierRow): TSupplier {
  return {
    id: row.id,
    name: row.name,
    tradeName: row.trade_name,
    document: row.document,
    email: row.email,
    phone: row.phone,
    stateRegistration: row.state_registration,
    address: addressFromColumns(row),
    leadTimeDays: Number(row.lead_time_days),
    status: row.status,
    productsCount: toNumber(row.products_count as string | number | null),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const SORT_COLUMNS = {
  name: 's.name_sort',
  tradeName: 's.trade_name_sort',
  document: 's.document',
  status: 's.status',
  createdAt: 's.created_at',
} as const;

export async function listSuppliers(db: Db, query: ListQuery) {
  const filters: RawBuilder<boolean>[] = matchesAllWords('s.search_text', query.q);
  if (query.status) filters.push(sql<boolean>`${sql.ref('s.status')} = ${query.status}`);
  const [rows, count] = await Promise.all([
    supplierColumns(db)
      .where(({ and }) => and(filters))
      .orderBy(
        SORT_COLUMNS[query.sort],
        query.sort === 'tradeName' ? emptiesSmallest(query.order) : query.order,
      )
      .orderBy('s.name_sort', query.order)
      .orderBy('s.id', query.order)
      .$call(onePage(query.page, query.pageSize))
      .execute(),
    db
      .selectFrom('suppliers as s')
      .where(({ and }) => and(filters))
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toSupplier), total: toNumber(count.total as string | number) };
}

export async function findSupplier(db: Db | Tx, id: number): Promise<TSupplier | undefined> {
  const row = await supplierColumns(db).where('s.id', '=', id).executeTakeFirst();
  return row && toSupplier(row);
}

/** The active suppliers a picker offers. */
export function listActiveSupplierOptions(db: Db) {
  return db
    .selectFrom('suppliers')
    .select(['id', 'name', 'document'])
    .where('status', '=', 'active')
    .orderBy('name_sort')
    .orderBy('id')
    .execute();
}

export function findSupplierRow(tx: Db | Tx, id: number) {
  return tx.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function documentTaken(tx: Tx, document: string, exceptId?: number): Promise<boolean> {
  let query = tx.selectFrom('suppliers').select('id').where('document', '=', document);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export async function insertSupplier(tx: Tx, values: SupplierFields & Derived): Promise<number> {
  const now = nowIso();
  const row = await tx
    .insertInto('suppliers')
    .values({ ...values, status: 'active', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A supplier by its document, created unless it exists: two NF-e of a new supplier imported at once create it once
 * (PostgreSQL makes the second insert wait for the first, then it finds the row).
 */
export async function supplierByDocumentOrNew(
  tx: Tx,
  values: SupplierFields & Derived,
): Promise<{ id: number; created: boolean }> {
  const now = nowIso();
  const row = await tx
    .insertInto('suppliers')
    .values({ ...values, status: 'active', created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('document').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return { id: row.id, created: true };
  const existing = await tx
    .selectFrom('suppliers')
    .select('id')
    .where('document', '=', values.document)
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

export async function updateSupplierRow(
  tx: Tx,
  id: number,
  values: SupplierFields & Derived & { status: 'active' | 'inactive' },
) {
  await tx
    .updateTable('suppliers')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function deleteSupplierRow(tx: Tx, id: number) {
  await tx.deleteFrom('suppliers').where('id', '=', id).execute();
}

export async function listSupplierProducts(db: Db, supplierId: number) {
  const rows = await db
    .selectFrom('supplier_products as sp')
    .innerJoin('products as p', 'p.id', 'sp.product_id')
    .select(['p.id', 'p.sku', 'p.name', 'p.status', 'sp.created_at'])
    .where('sp.supplier_id', '=', supplierId)
    .orderBy('p.name_sort')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    name: row.name,
    status: row.status,
    linkedAt: row.created_at,
  }));
}

export async function productExists(tx: Tx, productId: number): Promise<boolean> {
  return Boolean(await tx.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst());
}

/** True when the link was made now (false when it already existed). */
export async function linkProduct(tx: Tx, supplierId: number, productId: number): Promise<boolean> {
  const result = await tx
    .insertInto('supplier_products')
    .values({ supplier_id: supplierId, product_id: productId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['supplier_id', 'product_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** True when a link was removed now (false when there was none). */
export async function unlinkProduct(tx: Tx, supplierId: number, productId: number): Promise<boolean> {
  const result = await tx
    .deleteFrom('supplier_products')
    .where('supplier_id', '=', supplierId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A supplier's name and status (an entry names its supplier). */
export async function findSupplierStatus(tx: Tx | Db, supplierId: number) {
  return tx
    .selectFrom('suppliers')
    .select(['name', 'status'])
    .where('id', '=', supplierId)
    .executeTakeFirst();
}
