import type { FastifyInstance } from 'fastify';
import { registerMemoryRelease } from './memory.ts';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { draining: boolean };
  }
}

/**
 * The process's upkeep. While draining (after SIGTERM) /api/ready answers 503 and every answer carries
 * `Connection: close`, so keep-alive clients open their next request elsewhere instead of finding their connection
 * closed under them; and memory is given back after uploads (plugins/memory.ts).
 */
export function registerLifecycle(app: FastifyInstance) {
  registerMemoryRelease(app);
  app.decorate('lifecycle', { draining: false });
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) reply.header('Connection', 'close');
  });
}

export interface DrainOptions {
  /** How long to keep serving (with /api/ready at 503) so a load balancer stops sending new requests. */
  graceMs: number;
  /** After this, whatever is still open is closed and the process ends anyway. */
  deadlineMs: number;
}

/** Stops taking traffic without dropping any: the caller ends the process when this resolves. */
export async function drain(app: FastifyInstance, options: DrainOptions): Promise<void> {
  app.lifecycle.draining = true;
  const deadline = setTimeout(() => app.server.closeAllConnections(), options.deadlineMs);
  deadline.unref();
  if (options.graceMs > 0) await new Promise((resolve) => setTimeout(resolve, options.graceMs));
  // Fastify stops listening, answers 503 on a connection that sends one more request, closes idle keep-alive
  // connections and waits for the requests in flight.
  const closing = app.close();
  app.server.closeIdleConnections();
  await closing;
  clearTimeout(deadline);
}
