import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namingStatements, statementName } from '../../src/db/pg-statements.ts';
import { buildTestApp, dialectUnderTest, signUpAndLogin, type TestContext } from '../helper.ts';
import { createProduct } from '../factories.ts';
import { freshPostgresClient } from '../pg-client.ts';

describe('statement names', () => {
  it('names a text from its second sighting, always with the same name, and never a one-off batch', () => {
    const text = `select ${randomUUID().length} where $1::int > 0`;
    expect(statementName(text, 1)).toBeNull();
    const name = statementName(text, 1);
    expect(name).toMatch(/^armazem_\d+$/);
    expect(statementName(text, 1)).toBe(name);
    const batch = `insert into t values ${Array.from({ length: 200 }, (_, i) => `($${i + 1})`).join(', ')}`;
    expect(statementName(batch, 200)).toBeNull();
    expect(statementName(batch, 200)).toBeNull();
    const long = `select '${'x'.repeat(9000)}' where $1::int > 0`;
    expect(statementName(long, 1)).toBeNull();
    expect(statementName(long, 1)).toBeNull();
  });
});

describe.runIf(dialectUnderTest === 'postgres')('prepared statements on PostgreSQL', () => {
  const client = freshPostgresClient((connected) => namingStatements(connected as unknown as pg.PoolClient));

  it('parses a repeated text once per connection and answers every call with its own values', async () => {
    const text = `select $1::int * 2 as doubled /* ${randomUUID()} */`;
    const answers = [];
    for (const value of [1, 2, 3]) answers.push((await client().query(text, [value])).rows[0].doubled);
    expect(answers).toEqual([2, 4, 6]);
    const prepared = await client().query('select name, statement from pg_prepared_statements');
    expect(prepared.rows).toEqual([{ name: statementName(text, 1), statement: text }]);
  });

  it('leaves a failed statement unprepared, so the next call parses it again', async () => {
    const text = `select 1 / $1::int as share /* ${randomUUID()} */`;
    await client().query(text, [1]);
    await expect(client().query(text, [0])).rejects.toThrow(/division by zero/);
    expect((await client().query(text, [1])).rows).toEqual([{ share: 1 }]);
  });
});

describe('a page of a list, the same on every call', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('answers each page with its own rows however often the list is asked', async () => {
    const { app } = ctx;
    const cookie = await signUpAndLogin(app, 'paginas@armazem.com.br');
    for (const name of ['Arroz', 'Feijão', 'Macarrão', 'Óleo', 'Sal'])
      await createProduct(app, cookie, { name });
    const page = async (n: number) =>
      (await app.inject({ url: `/api/products/v1?page=${n}&pageSize=2`, headers: { cookie } })).json();
    for (let round = 0; round < 8; round++) {
      const [first, second, third] = [await page(1), await page(2), await page(3)];
      expect(first.data.map((p: { name: string }) => p.name)).toEqual(['Arroz', 'Feijão']);
      expect(second.data.map((p: { name: string }) => p.name)).toEqual(['Macarrão', 'Óleo']);
      expect(third.data.map((p: { name: string }) => p.name)).toEqual(['Sal']);
      expect([first.total, third.totalPages]).toEqual([5, 3]);
    }
  });
});
