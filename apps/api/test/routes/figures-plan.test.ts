import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { dialectUnderTest, freshPostgresDatabase, TEST_DATABASE_URL } from '../helper.ts';

/**
 * Issue 36: the triggers that keep stock_figures read transition tables, and a plan kept for the connection after a
 * 5,000-row import scanned all of stock_balances for every later one-row insert. The plans of the statements a
 * trigger runs reach this client as notices (auto_explain), on the same connection that ran the batch.
 */
describe.runIf(dialectUnderTest === 'postgres')('stock figures after a large batch (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let client: pg.Client;
  const notices: string[] = [];

  beforeAll(async () => {
    database = await freshPostgresDatabase(TEST_DATABASE_URL ?? '');
    const handle = openDatabase({
      databaseUrl: database.url,
      dataDir: '',
      poolMax: 2,
      timeouts: { statementMs: 60_000, acquireMs: 30_000, longStatementMs: 120_000 },
    });
    await migrateToLatest(handle);
    await handle.destroy();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    client.on('notice', (notice) => notices.push(notice.message ?? ''));
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  const insertProducts = async (first: number, count: number) => {
    const { rows } = await client.query<{ category: number; unity: number }>(
      'select (select min(id) from categories) as category, (select min(id) from unities) as unity',
    );
    await client.query(
      `insert into products (sku, name, category_id, base_unity_id, search_text, created_at, updated_at)
       select 'PLANO-' || g, 'Produto ' || g, $1, $2, 'produto ' || g, now(), now()
       from generate_series($3::int, $3::int + $4::int - 1) g`,
      [rows[0]!.category, rows[0]!.unity, first, count],
    );
  };

  it('plans a one-row insert by the key of stock_balances on the connection that imported 5,000 rows', async () => {
    await insertProducts(1, 5000);
    await client.query(`insert into stock_balances (product_id, quantity, total_value, average_cost, updated_at)
      select id, 1000, 250, 250, now() from products`);
    await client.query('analyze');
    await client.query("load 'auto_explain'");
    await client.query(`set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on;
      set auto_explain.log_level = notice`);
    await insertProducts(10_001, 5000);
    notices.length = 0;
    await insertProducts(20_001, 1);
    const figures = notices.filter((plan) => plan.includes('insert into stock_figures'));
    expect(figures).toHaveLength(1);
    expect(figures[0]).toContain('Index Scan using stock_balances_pkey on stock_balances');
    expect(figures[0]).not.toContain('Seq Scan on stock_balances');
    // and the figures still add up: 10,001 products, 5,000 of them with a balance worth 2.50 each
    const { rows } = await client.query<{ products: string; balances: string; value: string }>(
      'select sum(products) as products, sum(balances) as balances, sum(total_value) as value from stock_figures',
    );
    expect(rows[0]).toEqual({ products: '10001', balances: '5000', value: '1250000' });
  });
});
