// A bench fixture, not a write path of the app: `rows` ledger entries spread over the first `stocked` active products
// (dates spread over 2025), with exact running figures, each product's balance row set to its last row and its
// quantity in the first establishment's default location (where every row is, as migration 024 put them). Written
// set-based (one statement per 20,000 rows: unnest on PostgreSQL, json_each on SQLite), so seeding 1,000,000 rows
// does not dominate the run.
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';
import type { Dialect } from '../src/db/types.ts';

const CHUNK = 20_000;
// product, unity, quantity (base), unit cost, total cost, balance quantity, balance value, date, and the direction
// (an entry when left out)
export type LedgerLine = [number, number, string, string, string, string, string, string, ('in' | 'out')?];
// product, quantity, value, average cost, last date
type BalanceLine = [number, string, string, string, string];

export async function insertLedger(
  db: Db,
  dialect: Dialect,
  lines: LedgerLine[],
  userId: number,
  now: string,
) {
  const target = sql`stock_ledger (product_id, product_unity_id, direction, quantity, base_quantity, unit_cost,
    total_cost, balance_quantity, balance_value, occurred_on, source, created_by, created_at, reason)`;
  if (dialect === 'postgres') {
    const column = (c: number) => lines.map((line) => line[c]);
    const directions = lines.map((line) => line[8] ?? 'in');
    await sql`insert into ${target}
      select v.p, v.u, v.dir, v.q, v.q, v.c, v.t, v.bq, v.bv, v.d, 'manual', ${userId}::int, ${now}::timestamptz,
        case when v.dir = 'out' then 'venda' end
      from unnest(${column(0)}::int[], ${column(1)}::int[], ${column(2)}::bigint[], ${column(3)}::bigint[],
        ${column(4)}::bigint[], ${column(5)}::bigint[], ${column(6)}::bigint[], ${column(7)}::date[],
        ${directions}::text[]) as v(p, u, q, c, t, bq, bv, d, dir)`.execute(db);
    return;
  }
  const int = (c: number) => sql.raw(`cast(v.value ->> ${c} as integer)`);
  await sql`insert into ${target}
    select ${int(0)}, ${int(1)}, coalesce(v.value ->> 8, 'in'), ${int(2)}, ${int(2)}, ${int(3)}, ${int(4)},
      ${int(5)}, ${int(6)}, v.value ->> 7, 'manual', ${userId}, ${now},
      case when v.value ->> 8 = 'out' then 'venda' end
    from json_each(${JSON.stringify(lines)}) as v order by v.key`.execute(db);
}

async function updateBalances(db: Db, dialect: Dialect, lines: BalanceLine[], now: string) {
  if (lines.length === 0) return;
  if (dialect === 'postgres') {
    const column = (c: number) => lines.map((line) => line[c]);
    await sql`update stock_balances b set quantity = v.q, total_value = v.t, average_cost = v.a,
        last_occurred_on = v.d, last_movement_at = ${now}::timestamptz
      from unnest(${column(0)}::int[], ${column(1)}::bigint[], ${column(2)}::bigint[], ${column(3)}::bigint[],
        ${column(4)}::date[]) as v(p, q, t, a, d)
      where b.product_id = v.p`.execute(db);
    return;
  }
  await sql`update stock_balances set quantity = v.q, total_value = v.t, average_cost = v.a,
      last_occurred_on = v.d, last_movement_at = ${now}
    from (select cast(value ->> 0 as integer) as p, cast(value ->> 1 as integer) as q,
        cast(value ->> 2 as integer) as t, cast(value ->> 3 as integer) as a, value ->> 4 as d
      from json_each(${JSON.stringify(lines)})) as v
    where stock_balances.product_id = v.p`.execute(db);
}

/** Where the seeded rows fall: `days` days from `firstDay`, and every `exitEvery`-th row of a product an exit. */
export interface SeedShape {
  firstDay: string;
  days: number;
  /** 0: entries only; 3: every third row a one-unit sale (products whose index ends in 0 never sell: dead stock) */
  exitEvery: number;
}
const YEAR_2025: SeedShape = { firstDay: '2025-01-01', days: 365, exitEvery: 0 };

export async function seedLedger(
  db: Db,
  dialect: Dialect,
  userId: number,
  stocked: number,
  rows: number,
  shape: SeedShape = YEAR_2025,
) {
  const [y, m, d] = shape.firstDay.split('-').map(Number) as [number, number, number];
  const products = await db
    .selectFrom('products as p')
    .innerJoin('product_unities as pu', 'pu.product_id', 'p.id')
    .select(['p.id', 'pu.id as unity'])
    .where('pu.is_default', '=', 1)
    .where('p.status', '=', 'active')
    .orderBy('p.id')
    .limit(stocked)
    .execute();
  const perProduct = Math.ceil(rows / products.length);
  const now = new Date().toISOString();
  let ledger: LedgerLine[] = [];
  let balances: BalanceLine[] = [];
  const flush = async () => {
    if (ledger.length > 0) await insertLedger(db, dialect, ledger, userId, now);
    await updateBalances(db, dialect, balances, now);
    ledger = [];
    balances = [];
  };
  let written = 0;
  for (const [index, product] of products.entries()) {
    let quantity = 0n;
    let value = 0n;
    let last = '';
    for (let k = 0; k < perProduct && written < rows; k++, written++) {
      // dates never go back within a product, so the running figures are those of the (occurred_on, id) order
      last = new Date(Date.UTC(y, m - 1, d + Math.floor((k * shape.days) / perProduct)))
        .toISOString()
        .slice(0, 10);
      const sells = shape.exitEvery > 0 && index % 10 !== 0 && k % shape.exitEvery === shape.exitEvery - 1;
      if (sells && quantity > 1000n) {
        // one unit out at the running average cost
        const total = (value * 1000n) / quantity;
        quantity -= 1000n;
        value -= total;
        const line: LedgerLine = [product.id, Number(product.unity), '1000', String(total), String(total)];
        ledger.push([...line, String(quantity), String(value), last, 'out'] as LedgerLine);
        continue;
      }
      const base = BigInt(1 + ((index + k) % 3)) * 1000n;
      const unitCost = 10_000n + BigInt((index * 31 + k * 7) % 90_000);
      const total = (base * unitCost + 500n) / 1000n;
      quantity += base;
      value += total;
      const line = [
        product.id,
        Number(product.unity),
        String(base),
        String(unitCost),
        String(total),
      ] as const;
      ledger.push([...line, String(quantity), String(value), last]);
    }
    if (quantity > 0n)
      balances.push([product.id, String(quantity), String(value), String((value * 1000n) / quantity), last]);
    if (ledger.length >= CHUNK) await flush();
  }
  await flush();
  await seedLocations(db, dialect, now);
}

/** Every seeded row is in the first establishment's default location (the column's default): its quantities too. */
async function seedLocations(db: Db, dialect: Dialect, now: string) {
  const at = dialect === 'postgres' ? sql`${now}::timestamptz` : sql`${now}`;
  await sql`insert into location_balances (product_id, location_id, quantity, updated_at)
    select sb.product_id, (select default_location_id from establishments order by id limit 1), sb.quantity, ${at}
    from stock_balances as sb where sb.quantity <> 0
    on conflict (product_id, location_id) do update set quantity = excluded.quantity`.execute(db);
}
