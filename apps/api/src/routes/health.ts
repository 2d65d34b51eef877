import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const ZHealth = z.object({ status: z.literal('ok') });
const ZReady = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string() });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['saúde'], response: { 200: ZHealth } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/ready',
    { schema: { tags: ['saúde'], response: { 200: ZReady, 503: ZReady } } },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const, database: app.dialect };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database: app.dialect });
      }
    },
  );
};
