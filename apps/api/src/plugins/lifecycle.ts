import net from 'node:net';
import type { Server } from 'node:http';
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
 * closed under them; and memory is given back after uploads (plugins/memory.ts), unless `releaseMemory` is off.
 */
export function registerLifecycle(app: FastifyInstance, { releaseMemory = true } = {}) {
  if (releaseMemory) registerMemoryRelease(app);
  app.decorate('lifecycle', { draining: false });
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) reply.header('Connection', 'close');
  });
}

export interface DrainOptions {
  /** How long to keep serving (with /api/ready at 503) so a load balancer stops sending new requests. */
  graceMs: number;
  /** After this, whatever is still open is closed and the process ends anyway (SHUTDOWN_TIMEOUT_SECONDS). */
  deadlineMs: number;
}

const nextIteration = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Resolves once a whole turn of the event loop has read nothing new: every connection waiting in the listen backlog
 * has been accepted and every request sent on one has been read. After a busy spell (a report, an import) the timers
 * run before the sockets are read, so a connection closed then as "idle" may hold a request not yet read, and the
 * client sees ECONNRESET (decision 0053).
 */
async function settled(server: Server): Promise<void> {
  let events = 0;
  const seen = () => void events++;
  server.on('connection', seen);
  server.on('request', seen);
  try {
    for (let round = 0, before = -1; before !== events && round < 100; round++) {
      before = events;
      // two check phases with a poll phase between them: a connection accepted in the first is read in the second
      await nextIteration();
      await nextIteration();
    }
  } finally {
    server.off('connection', seen);
    server.off('request', seen);
  }
}

/** Stops taking traffic without dropping any: the caller ends the process when this resolves. */
export async function drain(app: FastifyInstance, options: DrainOptions): Promise<void> {
  app.lifecycle.draining = true;
  const server = app.server;
  const deadline = setTimeout(() => server.closeAllConnections(), options.deadlineMs);
  deadline.unref();
  if (options.graceMs > 0) await new Promise((resolve) => setTimeout(resolve, options.graceMs));
  await settled(server);
  // In one synchronous step: stop listening (net.Server's close, which leaves the connections alone; http.Server's
  // also closes the idle ones at once) and close the connections that are idle now that everything sent was read.
  // The others are answering a request; each closes after its answer (`Connection: close` above).
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  server.closeIdleConnections();
  await closed;
  // the hooks and the rest of Fastify's close; the server is already closed, so nothing is left to wait for
  await app.close();
  clearTimeout(deadline);
}
