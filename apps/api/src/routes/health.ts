import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const tags = ['saúde'];
const ZHealth = z.object({ status: z.literal('ok') });
const ZReady = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string(),
  reason: z.string().optional(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { health } = app;

  app.get('/health', { schema: { tags, response: { 200: ZHealth } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get('/ready', { schema: { tags, response: { 200: ZReady, 503: ZReady } } }, async (_request, reply) => {
    const readiness = await health.readiness(app.lifecycle.draining);
    if (readiness.status === 'ok') return readiness;
    return reply.status(503).header('Cache-Control', 'no-store').send(readiness);
  });
};
