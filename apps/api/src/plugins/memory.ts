import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createMemoryRelease } from '../lib/memory-release.ts';

/** Uploads (sheets, NF-e XML) are the heavy requests: memory is given back once the last of them has answered. */
export function registerMemoryRelease(app: FastifyInstance) {
  const memory = createMemoryRelease();
  const heavy = new WeakSet<FastifyRequest>();
  const end = (request: FastifyRequest) => {
    if (!heavy.delete(request)) return;
    memory.ended();
  };
  app.addHook('onRequest', async (request) => {
    if (!request.headers['content-type']?.startsWith('multipart/form-data')) return;
    heavy.add(request);
    memory.started();
  });
  app.addHook('onResponse', async (request) => end(request));
  app.addHook('onRequestAbort', async (request) => end(request));
}
