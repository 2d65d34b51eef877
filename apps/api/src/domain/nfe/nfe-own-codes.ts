import type { Db, Tx } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';

const CHUNK = 500;

/** The business's own codes among `codes` that a batch learned (not SKUs), by `code` and unit. */
export async function ownCodes(db: Db | Tx, codes: readonly string[]) {
  const out: Array<{ code: string; unit: string; product_id: number; product_unity_id: number }> = [];
  for (const part of chunks([...new Set(codes)], CHUNK))
    out.push(
      ...(await db
        .selectFrom('own_item_codes')
        .select(['code', 'unit', 'product_id', 'product_unity_id'])
        .where('code', 'in', part)
        .execute()),
    );
  return out;
}

/** Remembers the products the business's own codes stand for (the codes that are not the product's SKU). */
export async function rememberOwnCodes(
  tx: Tx,
  codes: ReadonlyArray<{ code: string; unit: string; productId: number; productUnityId: number }>,
) {
  const now = nowIso();
  const unique = new Map(codes.map((c) => [`${c.code}\u0000${c.unit}`, c]));
  for (const part of chunks([...unique.values()], 200))
    await tx
      .insertInto('own_item_codes')
      .values(
        part.map((c) => ({
          ...{ code: c.code, unit: c.unit, product_id: c.productId, product_unity_id: c.productUnityId },
          ...{ created_at: now, updated_at: now },
        })),
      )
      .onConflict((oc) =>
        oc.columns(['code', 'unit']).doUpdateSet((eb) => ({
          product_id: eb.ref('excluded.product_id'),
          product_unity_id: eb.ref('excluded.product_unity_id'),
          updated_at: now,
        })),
      )
      .execute();
}
