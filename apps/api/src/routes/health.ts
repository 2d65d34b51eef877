import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { expectedMigrationNames } from '../db/migrate.ts';

const ZHealth = z.object({ status: z.literal('ok') });
const ZReady = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string(),
  reason: z.string().optional(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = expectedMigrationNames(app.dialect);

  app.get('/health', { schema: { tags: ['saúde'], response: { 200: ZHealth } } }, async () => ({
    status: 'ok' as const,
  }));

  /** Ready = not shutting down, the database answers, and its schema is the one this code expects. */
  app.get(
    '/ready',
    { schema: { tags: ['saúde'], response: { 200: ZReady, 503: ZReady } } },
    async (_request, reply) => {
      const unavailable = (reason: string) =>
        reply
          .status(503)
          .header('Cache-Control', 'no-store')
          .send({ status: 'unavailable' as const, database: app.dialect, reason });
      if (app.lifecycle.draining) return unavailable('O servidor está sendo encerrado.');
      try {
        const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(app.db);
        const names = new Set(applied.rows.map((row) => row.name));
        const missing = expected.filter((name) => !names.has(name));
        if (missing.length > 0) {
          return unavailable(
            `O banco de dados não está na versão esperada (falta a migração ${missing[0]}).`,
          );
        }
        return { status: 'ok' as const, database: app.dialect };
      } catch {
        return unavailable('O banco de dados não responde ou não foi preparado.');
      }
    },
  );
};
