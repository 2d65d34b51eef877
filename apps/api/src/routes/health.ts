import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { latestMigrationName } from '../db/migrate.ts';

const ZHealth = z.object({ status: z.literal('ok') });
const ZReady = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string(),
  reason: z.string().optional(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const latest = latestMigrationName(app.dialect);

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
        const applied = await sql<{
          name: string;
        }>`select name from kysely_migration order by name desc limit 1`.execute(app.db);
        const current = applied.rows[0]?.name;
        if (current !== latest) {
          return unavailable(
            `O banco de dados não está na versão esperada (${current ?? 'vazio'}; esperada ${latest}).`,
          );
        }
        return { status: 'ok' as const, database: app.dialect };
      } catch {
        return unavailable('O banco de dados não responde ou não foi preparado.');
      }
    },
  );
};
