import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TLiveEvent } from '@armazem/contracts/events';

/** A comment line every 15 s keeps proxies and the browser from taking a quiet stream for a dead one. */
const HEARTBEAT_MS = 15_000;

/**
 * Server-sent events for signed-in users (DESIGN.md §6.1, decision 0050): `data: {"type", "ids"}` whenever stock, a
 * count, a list or the notifications change. The stream is written by hand (hijacked), so it passes no compression
 * and no serializer; it ends when the client goes, and the app ends every stream before it closes (a drain never
 * waits on one).
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['eventos'],
        summary: 'Eventos do servidor (text/event-stream): { type, ids } a cada mudança',
      },
    },
    async (request, reply) => {
      const write = (text: string) => void reply.raw.write(text);
      const unsubscribe = await app.events.subscribe((event: TLiveEvent) =>
        write(`data: ${JSON.stringify(event)}\n\n`),
      );
      reply.hijack();
      reply.raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      // the browser tries again 2 s after a drop; the comment says the stream is live (and flushes the headers)
      write('retry: 2000\n: conectado\n\n');
      const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const end = () => {
        if (!streams.delete(end)) return;
        clearInterval(heartbeat);
        unsubscribe();
        reply.raw.end();
      };
      streams.add(end);
      request.raw.on('close', end);
      reply.raw.on('close', end);
    },
  );
};
