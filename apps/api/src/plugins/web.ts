import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Hashed build output: its name changes with its content, so browsers keep it for a year without asking again. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app; any non-API GET that is not a file gets index.html. The build writes a .br and a
 * .gz next to each text file (apps/web/vite.config.ts): the one the browser's Accept-Encoding prefers is sent with its
 * Content-Encoding and `Vary: Accept-Encoding`, and a client that accepts neither gets the plain file
 * (docs/decisions/0021).
 */
export async function registerWeb(app: FastifyInstance, distDir: string | undefined) {
  const hasWeb = distDir !== undefined && fs.existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The precompressed copies are served only in place of their original, never by their own name.
      allowedPath: (pathname) => !/\.(br|gz)$/.test(pathname),
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? IMMUTABLE_CACHE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Recurso não encontrado.', code: 'NOT_FOUND' });
  });
}
