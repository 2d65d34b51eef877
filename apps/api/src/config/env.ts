import path from 'node:path';
import { z } from 'zod';

const ZBoolean = z
  .enum(['true', 'false', '1', '0'], { error: 'use true ou false' })
  .transform((value) => value === 'true' || value === '1');

export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: z.url('deve ser um endereço http(s) completo').optional(),
  ALLOWED_ORIGINS: z.string().default(''),
  TRUST_PROXY: ZBoolean.default(false),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Armazém <nao-responda@armazem.local>'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(12 * 60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(7 * 24),
  /** Failed sign-ins one e-mail may have from one IP in 15 minutes (then locked 15 minutes); see limits-rules.ts. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** After SIGTERM: seconds to keep serving with /api/ready at 503, so a load balancer stops sending requests. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(8).default(2),
  /** After SIGTERM: seconds the requests in flight may take to finish (the slowest report) before the process ends. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Longest wait on the database for one statement or lock (then 503 DATABASE_UNAVAILABLE); SQLite's busy timeout. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Longest wait for a PostgreSQL connection from the pool. */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** One statement of an import or a report (PostgreSQL, set per transaction). */
  DB_LONG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BUSINESS_TIME_ZONE: z.string().default('America/Sao_Paulo'),
  WEB_DIST: z.string().optional(),
  /** SQLite backups: where (default DATA_DIR/backups), how many kept, and the business hour of the daily copy. */
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(3),
  /**
   * Plain mode (decision 0085): no group commit (each movement in its own transaction), no prepared statements
   * (ordinary Kysely execution) and no forced garbage collection. Answers are the same in both modes.
   */
  PLAIN_MODE: ZBoolean.default(false),
});
export type Env = z.infer<typeof ZEnv>;

/** PLAIN_MODE alone, for what opens a database without the whole environment (tests, scripts). */
export function plainModeFrom(source: NodeJS.ProcessEnv = process.env): boolean {
  const result = ZEnv.shape.PLAIN_MODE.safeParse(source.PLAIN_MODE);
  if (!result.success) throw new Error('Configuração inválida:\n  - PLAIN_MODE: use true ou false');
  return result.data;
}

/** Reads the environment once at start-up and fails with one readable line per problem. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = ZEnv.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const dataDir = path.resolve(result.data.DATA_DIR);
  return {
    ...result.data,
    DATA_DIR: dataDir,
    BACKUP_DIR: path.resolve(result.data.BACKUP_DIR ?? path.join(dataDir, 'backups')),
  };
}
