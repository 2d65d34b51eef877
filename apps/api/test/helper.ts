import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, type DatabaseHandle, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { MailMessage } from '../src/domain/auth/mailer.ts';
import type { AppConfig } from '../src/plugins/context.ts';
import type { DatabaseTimeouts } from '../src/db/timeouts.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const dialectUnderTest = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * The tests' database timeouts: far above production's (db/timeouts.ts), so that a suite on a loaded machine is not
 * answered 503; a test of the timeouts passes its own.
 */
const TEST_TIMEOUTS: DatabaseTimeouts = { statementMs: 60_000, acquireMs: 30_000, longStatementMs: 120_000 };

/** A brand-new database for one test file: a temp SQLite file, or a fresh PostgreSQL database dropped after. */
export async function createTestDatabase(
  timeouts: DatabaseTimeouts = TEST_TIMEOUTS,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armazem-test-'));
    const handle = openDatabase({ dataDir: dir, timeouts });
    return {
      handle,
      drop: async () => {
        await handle.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await freshPostgresDatabase(TEST_DATABASE_URL);
  const handle = openDatabase({ databaseUrl: database.url, dataDir: '', poolMax: 20, timeouts });
  return {
    handle,
    drop: async () => {
      await handle.destroy();
      await database.drop();
    },
  };
}

/** A new, empty PostgreSQL database on the server of `serverUrl`: its URL, and how to drop it afterwards. */
export async function freshPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `armazem_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestContext {
  app: App;
  handle: DatabaseHandle;
  mail: MailMessage[];
  close: () => Promise<void>;
}

export async function buildTestApp(
  overrides: {
    loginRateLimit?: number;
    publicUrl?: string;
    backups?: AppConfig['backups'];
    timeouts?: DatabaseTimeouts;
  } = {},
  database?: { handle: DatabaseHandle; drop: () => Promise<void> },
): Promise<TestContext> {
  const { handle, drop } = database ?? (await createTestDatabase(overrides.timeouts));
  await migrateToLatest(handle);
  const mail: MailMessage[] = [];
  const app = await buildApp({
    database: handle,
    mailer: { send: async (message) => void mail.push(message) },
    config: {
      sessions: { idleMinutes: 60, absoluteHours: 24 },
      loginRateLimit: overrides.loginRateLimit ?? 1000,
      publicUrl: overrides.publicUrl ?? 'http://armazem.test',
      allowedOrigins: [],
      timeZone: 'America/Sao_Paulo',
      ...(overrides.backups ? { backups: overrides.backups } : {}),
    },
  });
  await app.ready();
  return {
    app,
    handle,
    mail,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export const PASSWORD = 'senha-segura-123';

export function sessionCookieFrom(response: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = response.cookies.find((item) => item.name === 'armazem_session');
  if (!cookie) throw new Error('a resposta não criou cookie de sessão');
  return `armazem_session=${cookie.value}`;
}

export async function register(app: App, email: string, name = 'Pessoa de Teste') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/v1/register',
    payload: { name, email, password: PASSWORD },
  });
}

export async function login(app: App, email: string, password = PASSWORD) {
  return app.inject({ method: 'POST', url: '/api/auth/v1/login', payload: { email, password } });
}

/** Registers (the first account is the admin) and signs in; returns the session cookie. */
export async function signUpAndLogin(app: App, email: string, name?: string): Promise<string> {
  await register(app, email, name);
  const response = await login(app, email);
  if (response.statusCode !== 200) throw new Error(`login falhou: ${response.body}`);
  return sessionCookieFrom(response);
}

/** A fresh app for a test file and its first account (the admin), signed in: `({ ctx, cookie } = await appWithAdmin(…))`. */
export async function appWithAdmin(
  email: string,
  name?: string,
): Promise<{ ctx: TestContext; cookie: string }> {
  const ctx = await buildTestApp();
  return { ctx, cookie: await signUpAndLogin(ctx.app, email, name) };
}

/** An active operator, approved by the given admin. */
export async function createOperator(app: App, adminCookie: string, email: string): Promise<string> {
  const registered = await register(app, email, 'Operador de Teste');
  const id = (registered.json() as { user: { id: number } }).user.id;
  await app.inject({
    method: 'PATCH',
    url: `/api/users/${id}`,
    headers: { cookie: adminCookie },
    payload: { status: 'active' },
  });
  return sessionCookieFrom(await login(app, email));
}

/** The first audit row (oldest first) of `action` on one entity, if there is one. */
export function auditEntry(db: Db, entity: string, id: number, action: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', String(id))
    .where('action', '=', action)
    .orderBy('id')
    .executeTakeFirst();
}
