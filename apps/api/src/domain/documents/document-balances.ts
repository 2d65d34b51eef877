import type { Db, Tx } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import type { Planned } from './document-plan.ts';
import { balanceKey } from './document-views.ts';

/**
 * The balances the preview values exits at (today's average of each establishment): the first establishment's in
 * `stock_balances`, the others' in `establishment_stock` (decision 0068).
 */
export async function balancesFor(db: Db | Tx, planned: readonly Planned[], firstEstablishmentId: number) {
  const wanted = new Map<number, Set<number>>();
  for (const p of planned) {
    if (p.kind !== 'note' || p.status !== 'new' || !p.context?.places) continue;
    const establishment = p.context.places.ours.id;
    for (const match of p.context.matches.values()) {
      if (!match) continue;
      const set = wanted.get(establishment) ?? new Set<number>();
      set.add(match.productId);
      wanted.set(establishment, set);
    }
  }
  const out = new Map<string, { quantity: bigint; totalValue: bigint }>();
  for (const [establishment, products] of wanted) {
    for (const part of chunks([...products], 500)) {
      const rows =
        establishment === firstEstablishmentId
          ? await db
              .selectFrom('stock_balances')
              .select(['product_id', 'quantity', 'total_value'])
              .where('product_id', 'in', part)
              .execute()
          : await db
              .selectFrom('establishment_stock')
              .select(['product_id', 'quantity', 'total_value'])
              .where('establishment_id', '=', establishment)
              .where('product_id', 'in', part)
              .execute();
      for (const row of rows)
        out.set(balanceKey(row.product_id, establishment), {
          quantity: BigInt(row.quantity),
          totalValue: BigInt(row.total_value),
        });
    }
  }
  return out;
}
