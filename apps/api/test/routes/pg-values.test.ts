import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { plainArray } from '../../src/db/pg-arrays.ts';
import { dialectUnderTest, TEST_DATABASE_URL } from '../helper.ts';
import { freshPostgresClient } from '../pg-client.ts';

describe('array literals', () => {
  it('writes integers, dates and nulls as one literal', () => {
    expect(plainArray([])).toBe('{}');
    expect(plainArray([1, null, -9223372036854775808n, '2026-02-10'])).toBe(
      '{1,NULL,-9223372036854775808,2026-02-10}',
    );
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

  it('stay a bound value: anything else is an input error, never SQL', async () => {
    await client().query('create table kept (x int)');
    await expect(
      client().query('select unnest($1::bigint[])', [plainArray(["1}'); drop table kept; --"])]),
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
