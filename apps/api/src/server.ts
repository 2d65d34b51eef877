import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadEnv } from './config/env.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { drain } from './plugins/lifecycle.ts';
import { lastResortCollector } from './lib/memory-release.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function main() {
  const env = loadEnv();
  const database = openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
    plain: env.PLAIN_MODE,
    timeouts: {
      statementMs: env.DB_STATEMENT_TIMEOUT_MS,
      acquireMs: env.DB_ACQUIRE_TIMEOUT_MS,
      longStatementMs: env.DB_LONG_STATEMENT_TIMEOUT_MS,
    },
  });
  await migrateToLatest(database);
  const app = await buildApp({
    database,
    logger: { level: env.LOG_LEVEL },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    trustProxy: env.TRUST_PROXY,
    webDist: env.WEB_DIST ?? path.resolve(here, '../../web/dist'),
    config: {
      sessions: { idleMinutes: env.SESSION_IDLE_MINUTES, absoluteHours: env.SESSION_ABSOLUTE_HOURS },
      loginRateLimit: env.LOGIN_RATE_LIMIT,
      publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      allowedOrigins: env.ALLOWED_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      timeZone: env.BUSINESS_TIME_ZONE,
      backups: { dir: env.BACKUP_DIR, keep: env.BACKUP_KEEP, hour: env.BACKUP_HOUR, schedule: true },
    },
  });

  let closing = false;
  // SIGTERM: /api/ready turns 503 at once, requests keep being served for the grace period, then the port closes,
  // every request received finishes and idle keep-alive connections are closed (decision 0053); after
  // SHUTDOWN_TIMEOUT_SECONDS whatever is still open is closed and the process ends anyway.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} recebido: encerrando com calma`);
    // Ctrl+C at a terminal has no load balancer to wait for.
    const graceMs = signal === 'SIGTERM' ? env.SHUTDOWN_GRACE_SECONDS * 1000 : 0;
    const deadlineMs = graceMs + env.SHUTDOWN_TIMEOUT_SECONDS * 1000;
    const hardStop = setTimeout(() => {
      app.log.error(`encerramento passou de ${deadlineMs / 1000} s: saindo assim mesmo`);
      process.exit(1);
    }, deadlineMs + 1_500);
    hardStop.unref();
    await drain(app, { graceMs, deadlineMs });
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  // Start-up garbage (migrations, schema compilation, the first request) given back once, a second after listening:
  // ~6 MB less at rest (docs/decisions/0035).
  const collect = lastResortCollector();
  if (collect) setTimeout(collect, 1000).unref();
  app.log.info(
    `Armazém pronto em http://localhost:${env.PORT} (banco: ${database.dialect === 'postgres' ? 'PostgreSQL' : `SQLite em ${env.DATA_DIR}`})${env.PLAIN_MODE ? ', modo simples' : ''}`,
  );
}

export function run() {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    if (error instanceof Error && error.cause) console.error(error.cause);
    process.exit(1);
  });
}

// Started as the entry point (`node apps/api/src/server.ts`, or scripts/start.ts turning into it). Imported, it only
// loads: scripts/start.ts warms Node's compile cache that way (docs/decisions/0029).
if (import.meta.main) run();
