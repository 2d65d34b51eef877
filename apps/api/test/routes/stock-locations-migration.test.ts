import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helper.ts';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { checkIntegrity } from '../../src/domain/stock/integrity.ts';

// Migration 024 (DESIGN.md §6.3, decision 0068): today's data moves to the matriz's "Principal" with every figure
// unchanged and the integrity check clean after (the seeded figures are the pipeline's, computed by hand).

let handle: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ handle, drop } = await createTestDatabase());
  await migrateTo(handle, '023-establishments');
});
afterAll(async () => {
  await drop();
});

const now = '2026-10-01T12:00:00.000Z';

/** A product with a default package, written as the schema of migration 023 takes it. */
async function seedProduct(sku: string) {
  const db = handle.db;
  const { rows: refs } = await sql<{ category: number; unity: number; batch: number }>`select
    (select min(id) from categories) as category, (select min(id) from unities) as unity,
    (select min(id) from unity_batches) as batch`.execute(db);
  const ref = refs[0]!;
  const { rows } = await sql<{
    id: number;
  }>`insert into products (sku, name, category_id, base_unity_id, min_stock,
      status, search_text, name_sort, created_at, updated_at)
    values (${sku}, ${sku}, ${ref.category}, ${ref.unity}, 0, 'active', ${sku.toLowerCase()}, ${sku.toLowerCase()},
      ${now}, ${now}) returning id`.execute(db);
  const productId = Number(rows[0]!.id);
  const { rows: units } = await sql<{ id: number }>`insert into product_unities (product_id, unity_id,
      unity_batch_id, quantity, status, is_default, created_at, updated_at)
    values (${productId}, ${ref.unity}, ${ref.batch}, 1000, 'active', 1, ${now}, ${now}) returning id`.execute(
    db,
  );
  return { productId, unityId: Number(units[0]!.id) };
}

/** Ledger rows with the running figures the pipeline of migration 023 wrote, and the balance row after them. */
async function seedLedger(userId: number, product: { productId: number; unityId: number }) {
  const db = handle.db;
  // in 10 at 2,00; out 4 (8,00); in 5 at 3,00; an out of 1 cancelled
  const rows: Array<[string, string, number, number, number, number, number, boolean]> = [
    ['in', '2026-09-01', 10_000, 200_000, 10_000, 200_000, 0, false],
    ['out', '2026-09-02', 4_000, 80_000, 6_000, 120_000, 0, false],
    ['in', '2026-09-03', 5_000, 150_000, 11_000, 270_000, 0, false],
    ['out', '2026-09-04', 1_000, 24_545, 10_000, 245_455, 0, true],
  ];
  for (const [direction, date, quantity, cost, balanceQuantity, balanceValue, , cancelled] of rows) {
    const unitCost = (cost * 1000) / quantity;
    await sql`insert into stock_ledger (product_id, product_unity_id, direction, quantity, base_quantity, unit_cost,
        total_cost, occurred_on, reason, source, created_by, created_at, balance_quantity, balance_value,
        cancelled_at, cancelled_by, cancel_reason)
      values (${product.productId}, ${product.unityId}, ${direction}, ${quantity}, ${quantity}, ${Math.round(unitCost)},
        ${cost}, ${date}, ${direction === 'out' ? 'venda' : null}, 'manual', ${userId}, ${now}, ${balanceQuantity},
        ${balanceValue}, ${cancelled ? now : null}, ${cancelled ? userId : null}, ${cancelled ? 'engano' : null})`.execute(
      db,
    );
  }
  await sql`insert into stock_balances (product_id, quantity, total_value, average_cost, last_movement_at,
      last_occurred_on, updated_at)
    values (${product.productId}, 11000, 270000, 24545, ${now}, '2026-09-03', ${now})`.execute(db);
}

describe('migration 024', () => {
  it('puts every row in Principal and keeps every figure, the integrity check clean', async () => {
    const db = handle.db;
    const { rows: users } = await sql<{
      id: number;
    }>`insert into users (name, email, password_hash, role, status,
        name_sort, created_at, updated_at)
      values ('Mia Migração', 'mia@migracao.com.br', 'x', 'admin', 'active', 'mia migracao', ${now}, ${now})
      returning id`.execute(db);
    const userId = Number(users[0]!.id);
    const first = await seedProduct('MIG-1');
    const second = await seedProduct('MIG-2');
    await seedLedger(userId, first);
    const before = await sql<Record<string, unknown>>`select product_id, quantity, total_value, average_cost,
      last_occurred_on from stock_balances order by product_id`.execute(db);
    const ledgerBefore = await sql<
      Record<string, unknown>
    >`select id, balance_quantity, balance_value, total_cost,
      unit_cost from stock_ledger order by id`.execute(db);

    await migrateToLatest(handle);

    const { rows: principal } = await sql<{ id: number }>`select l.id from locations l
      join establishments e on e.default_location_id = l.id order by e.id limit 1`.execute(db);
    const principalId = Number(principal[0]!.id);
    const after = await sql<Record<string, unknown>>`select product_id, quantity, total_value, average_cost,
      last_occurred_on from stock_balances order by product_id`.execute(db);
    expect(after.rows).toEqual(before.rows);
    const ledgerAfter = await sql<
      Record<string, unknown>
    >`select id, balance_quantity, balance_value, total_cost,
      unit_cost from stock_ledger order by id`.execute(db);
    expect(ledgerAfter.rows).toEqual(ledgerBefore.rows);
    const places = await sql<{ location_id: number }>`select distinct location_id from stock_ledger`.execute(
      db,
    );
    expect(places.rows.map((row) => Number(row.location_id))).toEqual([principalId]);
    const located = await sql<{ product_id: number; location_id: number; quantity: string | number }>`select
      product_id, location_id, quantity from location_balances order by product_id`.execute(db);
    expect(
      located.rows.map((row) => [row.product_id, Number(row.location_id), String(row.quantity)]),
    ).toEqual([[first.productId, principalId, '11000']]);
    expect(second.productId).toBeGreaterThan(first.productId);
    const integrity = await checkIntegrity(db);
    expect(integrity).toMatchObject({ ok: true, mismatches: [] });
    // the rows written before are facts: their place cannot change
    await expect(sql`update stock_ledger set location_id = ${principalId}`.execute(db)).rejects.toThrow(
      /imutável/,
    );
  });
});
