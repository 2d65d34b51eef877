import { sql } from 'kysely';
import { toBigInt, type Db } from '../src/db/database.ts';
import { checkIntegrity } from '../src/domain/stock/integrity.ts';

/** balance = Σ entries − Σ exits (quantity and value) over non-cancelled ledger rows, for every product. */
export async function assertLedgerInvariant(db: Db): Promise<void> {
  const balances = await db
    .selectFrom('stock_balances')
    .select(['product_id', 'quantity', 'total_value'])
    .execute();
  const sums = await db
    .selectFrom('stock_ledger')
    .select((eb) => [
      'product_id',
      eb.fn
        .sum<string | number>(
          eb
            .case()
            .when('direction', '=', 'in')
            .then(eb.ref('base_quantity'))
            .else(eb.neg(eb.ref('base_quantity')))
            .end(),
        )
        .as('quantity'),
      eb.fn
        .sum<string | number>(
          eb
            .case()
            .when('location_move', '=', 1)
            .then(eb.lit(0))
            .when('direction', '=', 'in')
            .then(eb.ref('total_cost'))
            .else(eb.neg(eb.ref('total_cost')))
            .end(),
        )
        .as('value'),
    ])
    .where('cancelled_at', 'is', null)
    .where('position_id', 'is', null)
    .where('establishment_stock_id', 'is', null)
    .groupBy('product_id')
    .execute();
  const byProduct = new Map(sums.map((row) => [row.product_id, row]));
  for (const balance of balances) {
    const sum = byProduct.get(balance.product_id);
    const expectedQuantity = toBigInt(sum?.quantity ?? 0);
    const expectedValue = toBigInt(sum?.value ?? 0);
    if (toBigInt(balance.quantity) !== expectedQuantity || toBigInt(balance.total_value) !== expectedValue) {
      throw new Error(
        `produto ${balance.product_id}: saldo ${balance.quantity}/${balance.total_value}, razão ${expectedQuantity}/${expectedValue}`,
      );
    }
    if (toBigInt(balance.quantity) < 0n) throw new Error(`produto ${balance.product_id}: saldo negativo`);
  }
  await assertPositionsInvariant(db);
  await assertFiguresInvariant(db);
  // every account (each establishment's own stock, each position) and each location against a replay
  const integrity = await checkIntegrity(db);
  if (!integrity.ok) throw new Error(`integridade: ${JSON.stringify(integrity.mismatches.slice(0, 5))}`);
}

/** Each position's figures (held and sent goods) = Σ entries − Σ exits of its live rows, never below zero. */
async function assertPositionsInvariant(db: Db): Promise<void> {
  const { rows } = await sql<{ id: number; quantity: string; total_value: string; q: string; v: string }>`
    select sp.id, sp.quantity, sp.total_value,
      coalesce(sum(case when l.direction = 'in' then l.base_quantity else -l.base_quantity end), 0) as q,
      coalesce(sum(case when l.direction = 'in' then l.total_cost else -l.total_cost end), 0) as v
    from stock_positions sp left join stock_ledger l on l.position_id = sp.id and l.cancelled_at is null
    group by sp.id, sp.quantity, sp.total_value`.execute(db);
  for (const row of rows) {
    if (toBigInt(row.quantity) !== toBigInt(row.q) || toBigInt(row.total_value) !== toBigInt(row.v))
      throw new Error(`posição ${row.id}: saldo ${row.quantity}/${row.total_value}, razão ${row.q}/${row.v}`);
    if (toBigInt(row.quantity) < 0n) throw new Error(`posição ${row.id}: saldo negativo`);
  }
}

/** The trigger-maintained list figures (migration 013) equal a recount of products and balances. */
export async function assertFiguresInvariant(db: Db): Promise<void> {
  const recount = await sql<{
    key: string;
    products: string | number;
    balances: string | number;
    value: string | number;
  }>`
    select p.category_id || '/' || p.status || '/' ||
      (case when p.status = 'active' and b.quantity < p.min_stock then 1 else 0 end) as key,
      count(*) as products, count(b.product_id) as balances, coalesce(sum(b.total_value), 0) as value
    from products p left join stock_balances b on b.product_id = p.id group by 1`.execute(db);
  const kept = await db.selectFrom('stock_figures').selectAll().execute();
  const expected = new Map(
    recount.rows.map((row) => [row.key, `${row.products}/${row.balances}/${row.value}`]),
  );
  for (const row of kept) {
    const key = `${row.category_id}/${row.status}/${row.below}`;
    const figures = `${row.products}/${row.balances}/${row.total_value}`;
    if (figures === '0/0/0' && !expected.has(key)) continue;
    if (expected.get(key) !== figures)
      throw new Error(`figuras ${key}: mantidas ${figures}, recontadas ${expected.get(key)}`);
    expected.delete(key);
  }
  if (expected.size > 0) throw new Error(`figuras faltando: ${[...expected.keys()].join(', ')}`);
}

/** How many ledger rows there are, cancelled ones included. */
export async function ledgerRowCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('stock_ledger')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
