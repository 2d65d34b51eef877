import { sql } from 'kysely';
import type { Tx } from '../../db/database.ts';
import { plainArray } from '../../db/pg-arrays.ts';
import type { Dialect } from '../../db/types.ts';
import { AppError } from '../../lib/errors.ts';
import { dateLabel } from '../shared/stock-rules.ts';

/**
 * A posted count fixes the products it counted, at its location, on its date (DESIGN.md §6.5, decision 0071): a row
 * of such a product's own stock there dated on or before that date — new, or cancelled — would make the balance the
 * count found on that day another one, so the pipeline refuses it (409 COUNT_POSTED) until the count is undone.
 */

/** What the rule looks at of a row: its product's own stock at a location on a date. */
export interface CountedCheck {
  productId: number;
  occurredOn: string;
  locationId?: number | null;
  /** a position (goods of or with third parties) is not what a count counts */
  positionId?: number | null;
  /** the count the row belongs to: its own posting and undo are not refused by it */
  countId?: number | null;
}

interface FixingCount {
  product_id: number | string;
  sku: string;
  product_name: string;
  earliest: string;
  count_id: number | string;
  counted_on: string;
  location_id: number | string;
  location_name: string;
}

/**
 * Refuses the batch when a row falls on or before a posted count that counted its product at its location: one query
 * for all the (product, location) pairs of the call, each with its earliest date, through the counts' index by
 * location and date and the items' key (count, product); an item the posting valued (expected set) is one it counted,
 * zero for the uncounted when it was posted so. Names the latest such count: the first one to undo.
 */
export async function refuseCounted(tx: Tx, dialect: Dialect, rows: Iterable<CountedCheck>): Promise<void> {
  const earliest = new Map<string, [number, number, string, number]>();
  for (const row of rows) {
    if (row.positionId || !row.locationId) continue;
    const key = `${row.productId}:${row.locationId}:${row.countId ?? 0}`;
    const seen = earliest.get(key);
    if (!seen || row.occurredOn < seen[2])
      earliest.set(key, [row.productId, row.locationId, row.occurredOn, row.countId ?? 0]);
  }
  if (earliest.size === 0) return;
  const fixing = await latestFixing(tx, dialect, [...earliest.values()]);
  if (fixing) throw countPosted(fixing);
}

async function latestFixing(
  tx: Tx,
  dialect: Dialect,
  pairs: ReadonlyArray<[number, number, string, number]>,
): Promise<FixingCount | undefined> {
  const column = (i: 0 | 1 | 2 | 3) => plainArray(pairs.map((pair) => pair[i]));
  // each pair reaches its counts through their index by location and date: PostgreSQL's lateral (a plain join walked
  // every count for every pair, ordered by date for the limit) and SQLite's cross join (which keeps the pairs outside)
  const fixing =
    dialect === 'postgres'
      ? sql`select v.p as product_id, v.d as earliest, c.id as count_id, c.counted_on, c.location_id
          from unnest(${column(0)}::int[], ${column(1)}::int[], ${column(2)}::date[], ${column(3)}::int[])
            as v(p, l, d, x)
          cross join lateral (select c.id, c.counted_on, c.location_id from inventory_counts as c
            join inventory_count_items as i on i.count_id = c.id and i.product_id = v.p
              and i.expected_quantity is not null
            where c.location_id = v.l and c.counted_on >= v.d and c.status = 'posted' and c.id <> v.x
            order by c.counted_on desc, c.id desc limit 1) as c`
      : sql`select v.p as product_id, v.d as earliest, c.id as count_id, c.counted_on, c.location_id
          from (select value ->> 0 as p, value ->> 1 as l, value ->> 2 as d, value ->> 3 as x
            from jsonb_each(${JSON.stringify(pairs)})) as v
          cross join inventory_counts as c
            on c.location_id = v.l and c.counted_on >= v.d and c.status = 'posted' and c.id <> v.x
          join inventory_count_items as i on i.count_id = c.id and i.product_id = v.p
            and i.expected_quantity is not null`;
  const { rows } = await sql<FixingCount>`select f.*, p.sku, p.name as product_name, l.name as location_name
    from (${fixing} order by counted_on desc, count_id desc limit 1) as f
    join products as p on p.id = f.product_id
    join locations as l on l.id = f.location_id`.execute(tx);
  return rows[0];
}

function countPosted(fixing: FixingCount) {
  const countedOn = String(fixing.counted_on).slice(0, 10);
  const earliest = String(fixing.earliest).slice(0, 10);
  const product = { id: Number(fixing.product_id), sku: fixing.sku, name: fixing.product_name };
  return new AppError(
    'COUNT_POSTED',
    `O produto ${product.name} já foi contado em ${dateLabel(countedOn)} no balanço nº ${fixing.count_id} ` +
      `(depósito ${fixing.location_name}). Desfaça o balanço para lançar ou cancelar movimentações desse produto ` +
      `nesse depósito nessa data ou antes.`,
    {
      // productId and date as a shortage's: a batch of documents names the note of that row (document-posting.ts)
      details: {
        productId: product.id,
        date: earliest,
        count: {
          id: Number(fixing.count_id),
          countedOn,
          location: { id: Number(fixing.location_id), name: fixing.location_name },
          product,
        },
      },
    },
  );
}
