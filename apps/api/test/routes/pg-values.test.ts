import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { plainArray } from '../../src/db/pg-arrays.ts';
import { buildTestApp, dialectUnderTest, TEST_DATABASE_URL, type TestContext } from '../helper.ts';
import { STORED_ROW_COLUMNS } from '../../src/domain/stock/history-repository.ts';
import { freshPostgresClient } from '../pg-client.ts';

describe('array literals', () => {
  it('writes integers, dates and nulls as one literal', () => {
    expect(plainArray([])).toBe('{}');
    expect(plainArray([1, null, -9223372036854775808n, '2026-02-10'])).toBe(
      '{1,NULL,-9223372036854775808,2026-02-10}',
    );
  });

  it('refuses anything PostgreSQL would read as more, fewer or other elements', () => {
    for (const bad of [
      '2026-02-10,2026-02-11',
      'NULL',
      '{1}',
      '1 ',
      '"1"',
      "1}'); drop table kept; --",
      '1.5',
      'NaN',
    ])
      expect(() => plainArray([1, bad])).toThrow(/não é inteiro nem data/);
    expect(() => plainArray([Number.NaN])).toThrow(/não é inteiro nem data/);
  });
});

describe('the columns of a stored row', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  // liveRowsFrom reads them on PostgreSQL joined by spaces: a NULL would vanish and shift the rest
  it('are all NOT NULL in the schema', async () => {
    const nullable =
      ctx.handle.dialect === 'postgres'
        ? await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_name = 'stock_ledger' and is_nullable = 'YES'`.execute(ctx.handle.db)
        : await sql<{ name: string }>`select name from pragma_table_info('stock_ledger') where "notnull" = 0
            and pk = 0`.execute(ctx.handle.db);
    const open = new Set(nullable.rows.map((row) => row.name));
    expect(STORED_ROW_COLUMNS.filter((column) => open.has(column))).toEqual([]);
    // the check sees nullable columns at all
    expect(open.has('cancelled_at')).toBe(true);
  });
});

describe.runIf(dialectUnderTest === 'postgres')('array literals on PostgreSQL', () => {
  const client = freshPostgresClient();

  it('reach PostgreSQL exact, beyond 2^53 and at the limits of bigint', async () => {
    const values = [9223372036854775807n, -9223372036854775808n, 9007199254740993n, null, 0n];
    const { rows } = await client().query<{ v: string | null }>(
      'select v::text from unnest($1::bigint[]) with ordinality as t(v, i) order by i',
      [plainArray(values)],
    );
    expect(rows.map((row) => row.v)).toEqual(values.map((v) => (v === null ? null : v.toString())));
    const dates = await client().query<{ d: string }>('select unnest($1::date[])::text as d', [
      plainArray(['2026-02-10', '2026-12-31']),
    ]);
    expect(dates.rows.map((row) => row.d)).toEqual(['2026-02-10', '2026-12-31']);
  });

  it('stay a bound value: whatever reaches the parameter is an input error, never SQL', async () => {
    await client().query('create table kept (x int)');
    await expect(
      client().query('select unnest($1::bigint[])', ["{1}'); drop table kept; --}"]),
    ).rejects.toThrow(/malformed array literal|invalid input syntax/);
    const { rows } = await client().query<{ n: string }>('select count(*) as n from kept');
    expect(rows).toHaveLength(1);
  });
});

describe.runIf(dialectUnderTest === 'postgres')('dates on a server set to another DateStyle', () => {
  const client = freshPostgresClient();

  it('come back as 2026-02-10 through the app’s pool, not as the server’s 10/02/2026', async () => {
    const { rows } = await client().query<{ db: string }>('select current_database() as db');
    const name = rows[0]?.db ?? '';
    await client().query(`alter database ${name} set DateStyle = 'SQL, DMY'`);
    const url = new URL(TEST_DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    const plain = new pg.Client({ connectionString: url.toString() });
    await plain.connect();
    // the setting holds for a connection that does not choose its own
    expect((await plain.query("select date '2026-02-10'::text as d")).rows).toEqual([{ d: '10/02/2026' }]);
    await plain.end();
    const handle = openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    try {
      const answer = await sql<{
        d: string;
      }>`select date '2026-02-10' as d, date '2026-02-10'::text as t`.execute(handle.db);
      expect(answer.rows).toEqual([{ d: '2026-02-10', t: '2026-02-10' }]);
    } finally {
      await handle.destroy();
    }
  });
});
