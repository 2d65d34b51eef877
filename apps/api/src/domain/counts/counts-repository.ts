import { sql } from 'kysely';
import type { Db, Tx, RowOf } from '../../db/database.ts';
import { toNumber } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { foldText } from '../../lib/text.ts';
import { matchesAllWords } from '../../lib/text-search.ts';
import { onePage } from '../../lib/paging.ts';
import { type StockScope } from '../stock/stock-public-service.ts';

/** SQL of inventory counts, and nothing else. */

const COUNT_COLUMNS = [
  'ic.id',
  'ic.counted_on',
  'ic.description',
  'ic.status',
  'ic.blind',
  'ic.created_at',
  'ic.posted_at',
  'ic.category_id',
  'c.name as category_name',
  'loc.id as location_id',
  'loc.name as location_name',
  'cu.id as created_by_id',
  'cu.name as created_by_name',
  'pu.id as posted_by_id',
  'pu.name as posted_by_name',
] as const;

function countQuery(db: Db | Tx) {
  return db
    .selectFrom('inventory_counts as ic')
    .leftJoin('categories as c', 'c.id', 'ic.category_id')
    .innerJoin('locations as loc', 'loc.id', 'ic.location_id')
    .innerJoin('users as cu', 'cu.id', 'ic.created_by')
    .leftJoin('users as pu', 'pu.id', 'ic.posted_by')
    .select(COUNT_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('inventory_count_items as i')
        .select(eb.fn.countAll().as('n'))
        .whereRef('i.count_id', '=', 'ic.id')
        .as('items_counted'),
    );
}

export type CountRow = RowOf<typeof countQuery>;

export function toCount(row: CountRow) {
  return {
    id: row.id,
    countedOn: row.counted_on,
    description: row.description,
    category: row.category_id === null ? null : { id: row.category_id, name: row.category_name ?? '' },
    location: { id: row.location_id, name: row.location_name },
    status: row.status,
    blind: row.blind === 1,
    itemsCounted: toNumber(row.items_counted as number | string | null),
    createdBy: { id: row.created_by_id, name: row.created_by_name },
    createdAt: row.created_at,
    postedBy: row.posted_by_id === null ? null : { id: row.posted_by_id, name: row.posted_by_name ?? '' },
    postedAt: row.posted_at,
  };
}

export async function findCount(db: Db | Tx, id: number) {
  const row = await countQuery(db).where('ic.id', '=', id).executeTakeFirst();
  return row ? toCount(row) : null;
}

/** How many products a posted count had in its scope (null: posted before migration 027, or not posted). */
export async function productsInScope(db: Db | Tx, id: number): Promise<number | null> {
  const row = await db
    .selectFrom('inventory_counts')
    .select('products_in_scope')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.products_in_scope ?? null;
}

/** The count row, locked for the rest of the transaction (PostgreSQL; SQLite has one writer). */
export async function lockCount(tx: Tx, dialect: Dialect, id: number, mode: 'update' | 'share' = 'update') {
  let query = tx
    .selectFrom('inventory_counts')
    .select(['id', 'status', 'counted_on', 'category_id', 'location_id'])
    .where('id', '=', id);
  if (dialect === 'postgres') query = mode === 'share' ? query.forShare() : query.forUpdate();
  return query.executeTakeFirst();
}

/** The column each sort of the counts list orders by (the description by its folded copy: case and accents aside). */
const COUNT_SORT_COLUMNS = {
  countedOn: 'ic.counted_on',
  createdAt: 'ic.created_at',
  description: 'ic.search_text',
  status: 'ic.status',
} as const;

export async function listCounts(
  db: Db,
  query: {
    page: number;
    pageSize: number;
    order: 'asc' | 'desc';
    sort: keyof typeof COUNT_SORT_COLUMNS;
    status?: string;
    q?: string;
  },
  scope: StockScope = { kind: 'all' },
) {
  let base = db.selectFrom('inventory_counts as ic');
  if (query.status) base = base.where('ic.status', '=', query.status as 'open');
  if (scope.kind === 'location') base = base.where('ic.location_id', '=', scope.locationId);
  if (scope.kind === 'establishment') {
    const locations = db
      .selectFrom('locations')
      .select('id')
      .where('establishment_id', '=', scope.establishmentId);
    base = base.where('ic.location_id', 'in', locations);
  }
  // every word, without regard to case or accents, as in the other lists
  for (const word of matchesAllWords('ic.search_text', query.q)) base = base.where(word);
  const ids = base.select('ic.id');
  const [rows, total] = await Promise.all([
    countQuery(db)
      .where('ic.id', 'in', ids)
      .orderBy(COUNT_SORT_COLUMNS[query.sort], query.order)
      .orderBy('ic.id', query.order)
      .$call(onePage(query.page, query.pageSize))
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toCount), total: toNumber(total.n as number | string) };
}

export async function insertCount(
  tx: Tx,
  values: {
    countedOn: string;
    description: string | null;
    categoryId: number | null;
    locationId: number;
    blind: boolean;
    userId: number;
    now: string;
  },
) {
  const row = await tx
    .insertInto('inventory_counts')
    .values({
      counted_on: values.countedOn,
      description: values.description,
      search_text: foldText(values.description),
      category_id: values.categoryId,
      location_id: values.locationId,
      blind: values.blind ? 1 : 0,
      status: 'open',
      created_by: values.userId,
      created_at: values.now,
      posted_by: null,
      posted_at: null,
      undone_by: null,
      undone_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Upserts counted quantities (last write per product wins) and forgets the nulls. */
export async function saveItems(
  tx: Tx,
  countId: number,
  items: ReadonlyArray<{ productId: number; countedQuantity: bigint | null }>,
  userId: number,
  now: string,
) {
  const forget = items.filter((item) => item.countedQuantity === null).map((item) => item.productId);
  const keep = items.filter((item) => item.countedQuantity !== null);
  for (let start = 0; start < forget.length; start += 500) {
    await tx
      .deleteFrom('inventory_count_items')
      .where('count_id', '=', countId)
      .where('product_id', 'in', forget.slice(start, start + 500))
      .execute();
  }
  for (let start = 0; start < keep.length; start += 500) {
    await tx
      .insertInto('inventory_count_items')
      .values(
        keep.slice(start, start + 500).map((item) => ({
          count_id: countId,
          product_id: item.productId,
          counted_quantity: String(item.countedQuantity),
          counted_by: userId,
          counted_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['count_id', 'product_id']).doUpdateSet({
          counted_quantity: sql`excluded.counted_quantity`,
          counted_by: sql`excluded.counted_by`,
          counted_at: sql`excluded.counted_at`,
        }),
      )
      .execute();
  }
}

export async function setStatus(
  tx: Tx,
  countId: number,
  change:
    | { status: 'posted'; userId: number; now: string; productsInScope: number }
    | { status: 'discarded'; userId: number; now: string; undo: boolean },
) {
  await tx
    .updateTable('inventory_counts')
    .set(
      change.status === 'posted'
        ? {
            status: 'posted',
            posted_by: change.userId,
            posted_at: change.now,
            products_in_scope: change.productsInScope,
          }
        : {
            status: 'discarded',
            ...(change.undo ? { undone_by: change.userId, undone_at: change.now } : {}),
          },
    )
    .where('id', '=', countId)
    .execute();
}

export async function categoryExists(db: Db | Tx, id: number) {
  return Boolean(await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst());
}

/** The location a count goes to when it names none: the user's default (while active), else the matriz's. */
export async function defaultCountLocation(db: Db | Tx, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('establishments as first')
    .leftJoin('users as u', (join) => join.on('u.id', '=', userId))
    .leftJoin('locations as mine', (join) =>
      join.onRef('mine.id', '=', 'u.default_location_id').on('mine.status', '=', 'active'),
    )
    .select(['first.default_location_id', 'mine.id as mine'])
    .orderBy('first.id')
    .limit(1)
    .executeTakeFirst();
  return row?.mine ?? row?.default_location_id ?? null;
}
