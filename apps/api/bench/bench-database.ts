// The database a bench prepares before it measures: migrated, with the bench's one account (its admin), and where a
// server process started on it (bench-server.ts) finds it.
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp, type App } from '../src/app.ts';
import type { DatabaseHandle, Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

export const BENCH_USER = { name: 'Bench', email: 'bench@armazem.com.br', password: 'senha-de-bench-123' };

const CONFIG = {
  sessions: { idleMinutes: 60, absoluteHours: 24 },
  loginRateLimit: 1000,
  publicUrl: 'http://bench',
  allowedOrigins: [],
  timeZone: 'America/Sao_Paulo',
};

/** Migrates the bench's database and registers its account; the app answers in this process (close it after). */
export async function benchApp(handle: DatabaseHandle): Promise<App> {
  await migrateToLatest(handle);
  const app = await buildApp({ database: handle, mailer: { send: async () => undefined }, config: CONFIG });
  await app.inject({ method: 'POST', url: '/api/auth/v1/register', payload: BENCH_USER });
  return app;
}

/** The session cookie of the bench's account, signed in through the app in this process. */
export async function benchCookie(app: App): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/v1/login',
    payload: { email: BENCH_USER.email, password: BENCH_USER.password },
  });
  return `armazem_session=${login.cookies.find((c) => c.name === 'armazem_session')?.value}`;
}

/** Where a server process finds the bench's database: its PostgreSQL URL, or the folder of its SQLite file. */
export async function databaseLocation(handle: {
  db: Db;
}): Promise<{ databaseUrl?: string; dataDir: string }> {
  if (process.env.TEST_DATABASE_URL) {
    const row = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${row.rows[0]?.name}`;
    return { databaseUrl: url.toString(), dataDir: '' };
  }
  const row = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
    handle.db,
  );
  return { dataDir: path.dirname(row.rows[0]?.file ?? '') };
}
