import net from 'node:net';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import {
  buildTestApp,
  dialectUnderTest,
  signUpAndLogin,
  TEST_DATABASE_URL,
  type TestContext,
} from '../helper.ts';
import { createProduct, defaultUnityId, stockIn } from '../factories.ts';

// Issue 28 (DESIGN §6.1 "A database that stops answering"): a lock held on the stock tables, a stopped server or
// terminated connections give 503 DATABASE_UNAVAILABLE within the configured timeout, never 500, and the app recovers
// by itself. PostgreSQL only: SQLite has no other server to hold a lock or to stop.

const TIMEOUTS = { statementMs: 1000, acquireMs: 1000, longStatementMs: 3000 };
const UNAVAILABLE = {
  code: 'DATABASE_UNAVAILABLE',
  message: 'Banco de dados indisponível no momento. Tente de novo em instantes.',
};

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe.runIf(dialectUnderTest === 'postgres')('a database that stops answering (PostgreSQL)', () => {
  let ctx: TestContext;
  let cookie: string;
  let product: { id: number };
  let unit: number;
  let url: string;

  beforeAll(async () => {
    ctx = await buildTestApp({ timeouts: TIMEOUTS });
    cookie = await signUpAndLogin(ctx.app, 'banco@loja.com.br');
    product = (await createProduct(ctx.app, cookie)) as { id: number };
    unit = await defaultUnityId(ctx.app, cookie, product.id);
    await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: 10,
      unitCost: '2',
    });
    const name = await sql<{ name: string }>`select current_database() as name`.execute(ctx.handle.db);
    const address = new URL(TEST_DATABASE_URL ?? '');
    address.pathname = `/${name.rows[0]!.name}`;
    url = address.toString();
  });
  afterAll(async () => ctx?.close());

  const get = (path: string) => ctx.app.inject({ method: 'GET', url: path, headers: { cookie } });
  const exit = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/stock/out/v1',
      headers: { cookie },
      payload: { productId: product.id, productUnityId: unit, quantity: 1, reason: 'venda' },
    });
  const exits = async () =>
    Number(
      (
        await sql<{
          count: string;
        }>`select count(*) as count from stock_ledger where direction = 'out'`.execute(ctx.handle.db)
      ).rows[0]!.count,
    );

  it('answers 503 within the timeout while another client holds the stock tables, and 200/201 once released', async () => {
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table stock_balances, products, stock_ledger in access exclusive mode');

      const ready = await timed(() => get('/api/ready'));
      expect(ready.value.statusCode).toBe(503);
      expect(ready.ms).toBeLessThan(1000);

      for (const call of [() => get('/api/products/v1?page=1'), exit]) {
        const answer = await timed(call);
        expect(answer.value.statusCode).toBe(503);
        expect(answer.value.json()).toEqual(UNAVAILABLE);
        expect(answer.value.headers['retry-after']).toBe('5');
        expect(answer.ms).toBeLessThan(TIMEOUTS.statementMs + 1500);
      }
      // the session lookup does not touch the locked tables: it answers at once, within the timeout in any case
      const me = await timed(() => get('/api/auth/v1/me'));
      expect([200, 503]).toContain(me.value.statusCode);
      expect(me.ms).toBeLessThan(TIMEOUTS.statementMs + 1500);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }

    expect((await get('/api/ready')).statusCode).toBe(200);
    expect((await get('/api/products/v1?page=1')).statusCode).toBe(200);
    expect((await get('/api/auth/v1/me')).statusCode).toBe(200);
    expect(await exits()).toBe(0);
    expect((await exit()).statusCode).toBe(201);
    expect(await exits()).toBe(1);
  });

  it('gives 503, not 500, when its connections are terminated, and recovers by itself', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const statuses: number[] = [];
    try {
      // the pool's clients are open and idle after the calls above
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      // each answer is the real one or a clean 503 until the pool has replaced the clients it lost
      for (let attempt = 0; attempt < 30; attempt++) {
        const answer = await get('/api/products/v1?page=1');
        statuses.push(answer.statusCode);
        if (answer.statusCode === 200) break;
        expect(answer.json()).toEqual(UNAVAILABLE);
      }
    } finally {
      await admin.end();
    }
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
  });
});

describe.runIf(dialectUnderTest === 'postgres')('a PostgreSQL server that is not there', () => {
  let port: number;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let destroy: () => Promise<void>;

  beforeAll(async () => {
    // a port that was free a moment ago: nothing listens there
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const handle = openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/armazem`,
      dataDir: '',
      timeouts: TIMEOUTS,
    });
    destroy = handle.destroy;
    app = await buildApp({
      database: handle,
      mailer: { send: async () => undefined },
      config: {
        sessions: { idleMinutes: 60, absoluteHours: 24 },
        loginRateLimit: 1000,
        publicUrl: 'http://armazem.test',
        allowedOrigins: [],
        timeZone: 'America/Sao_Paulo',
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await destroy?.();
  });

  it('answers /api/ready 503 within a second and every call 503 DATABASE_UNAVAILABLE', async () => {
    const ready = await timed(() => app.inject({ method: 'GET', url: '/api/ready' }));
    expect(ready.value.statusCode).toBe(503);
    expect(ready.ms).toBeLessThan(1000);
    const calls = [
      { method: 'GET' as const, url: '/api/auth/v1/me', headers: { cookie: 'armazem_session=abc' } },
      { method: 'GET' as const, url: '/api/products/v1?page=1', headers: { cookie: 'armazem_session=abc' } },
      {
        method: 'POST' as const,
        url: '/api/auth/v1/login',
        payload: { email: 'ninguem@loja.com.br', password: 'qualquer-senha' },
      },
    ];
    for (const call of calls) {
      const answer = await timed(() => app.inject(call));
      expect(answer.value.statusCode).toBe(503);
      expect(answer.value.json()).toEqual(UNAVAILABLE);
      expect(answer.ms).toBeLessThan(TIMEOUTS.acquireMs + 1500);
    }
  });
});
