import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { chunks } from '../../lib/chunks.ts';
import { packageRows, PACKAGE_LABEL_COLUMNS, packageLabel } from '../products/products-public-service.ts';
import type { UnityRule } from '../shared/stock-rules.ts';

/** SQL of counting together: what a scanned code names, atomic adds, and each person's part of a line. */

export interface ScanTarget {
  productId: number;
  sku: string;
  name: string;
  barcode: string | null;
  active: boolean;
  categoryId: number;
  productUnityId: number;
  rule: UnityRule;
}

/** The package a code names: a package barcode first, then the product's SKU or own barcode (its default package). */
export async function findScanTarget(db: Db | Tx, code: string): Promise<ScanTarget | null> {
  const query = packageRows(db)
    .select([
      ...PACKAGE_LABEL_COLUMNS,
      'pu.id as pu_id',
      'u.fractional',
      'base.fractional as base_fractional',
    ])
    .select(['p.id', 'p.sku', 'p.name', 'p.barcode', 'p.status', 'p.category_id'])
    .where('pu.status', '=', 'active');
  const row =
    (await query.where('pu.barcode', '=', code).executeTakeFirst()) ??
    (await query
      .where('pu.is_default', '=', 1)
      .where((eb) => eb.or([eb('p.sku', '=', code.toUpperCase()), eb('p.barcode', '=', code)]))
      .executeTakeFirst());
  if (!row) return null;
  const isDefault = row.is_default === 1;
  return {
    productId: row.id,
    sku: row.sku,
    name: row.name,
    barcode: row.barcode,
    active: row.status === 'active',
    categoryId: row.category_id,
    productUnityId: Number(row.pu_id),
    rule: {
      unitsPerPackage: toBigInt(row.quantity),
      packageFractional: (isDefault ? row.base_fractional : row.fractional) === 1,
      baseFractional: row.base_fractional === 1,
      baseCode: row.base_code,
      label: packageLabel(row),
    },
  };
}

/** The counted quantity of a line (null: not counted). */
export async function countedOf(db: Db | Tx, countId: number, productId: number) {
  const row = await db
    .selectFrom('inventory_count_items')
    .select('counted_quantity')
    .where('count_id', '=', countId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row ? toBigInt(row.counted_quantity) : null;
}

/**
 * Adds to a line in one statement, so two people scanning at once both count: an insert that adds on conflict, or,
 * to take back (negative), an update that never goes below zero. Answers the new total (null: nothing to take back).
 */
export async function addToLine(
  tx: Tx,
  line: { countId: number; productId: number; userId: number; quantity: bigint; now: string },
): Promise<bigint | null> {
  const by = { counted_by: line.userId, counted_at: line.now };
  if (line.quantity < 0n) {
    const row = await tx
      .updateTable('inventory_count_items')
      .set({ ...by, counted_quantity: sql`counted_quantity + ${String(line.quantity)}` })
      .where('count_id', '=', line.countId)
      .where('product_id', '=', line.productId)
      .where(sql<boolean>`counted_quantity + ${String(line.quantity)} >= 0`)
      .returning('counted_quantity')
      .executeTakeFirst();
    return row ? toBigInt(row.counted_quantity) : null;
  }
  const row = await tx
    .insertInto('inventory_count_items')
    .values({
      count_id: line.countId,
      product_id: line.productId,
      counted_quantity: String(line.quantity),
      ...by,
    })
    .onConflict((oc) =>
      oc.columns(['count_id', 'product_id']).doUpdateSet({
        counted_quantity: sql`inventory_count_items.counted_quantity + excluded.counted_quantity`,
        counted_by: sql`excluded.counted_by`,
        counted_at: sql`excluded.counted_at`,
      }),
    )
    .returning('counted_quantity')
    .executeTakeFirstOrThrow();
  return toBigInt(row.counted_quantity);
}

/** Adds to people's parts (a scan, a sheet added to the count), each in one statement. */
export async function addToParts(
  tx: Tx,
  countId: number,
  userId: number,
  parts: ReadonlyArray<{ productId: number; quantity: bigint }>,
  now: string,
) {
  for (const part of chunks(parts, 500)) {
    await tx
      .insertInto('count_item_parts')
      .values(
        part.map((p) => ({
          count_id: countId,
          product_id: p.productId,
          user_id: userId,
          quantity: String(p.quantity),
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['count_id', 'product_id', 'user_id']).doUpdateSet({
          quantity: sql`count_item_parts.quantity + excluded.quantity`,
          updated_at: sql`excluded.updated_at`,
        }),
      )
      .execute();
  }
}

/**
 * A typed total replaces the line: the typing person's part becomes the total less the others' parts (so the parts
 * still add up to the total, and the others' counts stay visible); forgotten lines lose every part.
 */
export async function setTypedParts(
  tx: Tx,
  dialect: Dialect,
  change: {
    countId: number;
    userId: number;
    typed: readonly number[];
    forgotten: readonly number[];
    now: string;
  },
) {
  const { countId, userId } = change;
  for (const ids of chunks(change.forgotten, 500)) {
    await tx
      .deleteFrom('count_item_parts')
      .where('count_id', '=', countId)
      .where('product_id', 'in', ids)
      .execute();
  }
  const now = dialect === 'postgres' ? sql`cast(${change.now} as timestamptz)` : sql`${change.now}`;
  for (const ids of chunks(change.typed, 500)) {
    const list = sql.join(ids.map((id) => sql`${id}`));
    await tx
      .deleteFrom('count_item_parts')
      .where('count_id', '=', countId)
      .where('user_id', '=', userId)
      .where('product_id', 'in', ids)
      .execute();
    await sql`insert into count_item_parts (count_id, product_id, user_id, quantity, updated_at)
      select i.count_id, i.product_id, cast(${userId} as integer), i.counted_quantity - coalesce(o.q, 0), ${now}
      from inventory_count_items as i
      left join (select product_id, sum(quantity) as q from count_item_parts
        where count_id = ${countId} and product_id in (${list}) group by product_id) as o
        on o.product_id = i.product_id
      where i.count_id = ${countId} and i.product_id in (${list})
        and (o.q is null or i.counted_quantity <> o.q)`.execute(tx);
  }
}

/** Each person's part of the lines (of `productIds`, or all), oldest part first. */
export async function partsOf(db: Db | Tx, countId: number, productIds?: readonly number[]) {
  let query = db
    .selectFrom('count_item_parts as cp')
    .innerJoin('users as u', 'u.id', 'cp.user_id')
    .select(['cp.product_id', 'cp.quantity', 'cp.updated_at', 'u.id', 'u.name'])
    .where('cp.count_id', '=', countId);
  if (productIds) query = query.where('cp.product_id', 'in', productIds.length > 0 ? productIds : [0]);
  const rows = await query.orderBy('cp.updated_at').orderBy('u.id').execute();
  const parts = new Map<
    number,
    Array<{ user: { id: number; name: string }; quantity: bigint; at: string }>
  >();
  for (const row of rows) {
    const list = parts.get(row.product_id) ?? [];
    list.push({ user: { id: row.id, name: row.name }, quantity: toBigInt(row.quantity), at: row.updated_at });
    parts.set(row.product_id, list);
  }
  return parts;
}

/** The stored figure of lines someone typed over, with who wrote it last and how the product reads. */
export async function currentLines(tx: Tx, countId: number, productIds: readonly number[]) {
  const rows = await tx
    .selectFrom('products as p')
    .innerJoin('unities as un', 'un.id', 'p.base_unity_id')
    .leftJoin('inventory_count_items as i', (join) =>
      join.onRef('i.product_id', '=', 'p.id').on('i.count_id', '=', countId),
    )
    .leftJoin('users as u', 'u.id', 'i.counted_by')
    .select(['p.id', 'p.name', 'un.code', 'i.counted_quantity', 'u.name as counted_by_name'])
    .where('p.id', 'in', productIds.length > 0 ? productIds : [0])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: row.name,
        unityCode: row.code,
        counted: row.counted_quantity === null ? null : toBigInt(row.counted_quantity),
        countedBy: row.counted_by_name,
      },
    ]),
  );
}
