import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An IP literal or localhost: a name DNS rebinding cannot point a page at. */
function isAddressHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) ||
    (hostname.startsWith('[') && hostname.endsWith(']'))
  );
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The origins unsafe requests may come from: PUBLIC_URL and ALLOWED_ORIGINS. The Host header is never trusted for a
 * name (a DNS-rebinding page sends its own name as both Host and Origin); it counts only when it is an IP address or
 * localhost and the browser's Origin is exactly that address, which only a page served by this server can send, so
 * the app still works when opened by its LAN address without PUBLIC_URL.
 */
export function isCrossOrigin(request: FastifyRequest, trusted: Set<string>): boolean {
  const origin = request.headers.origin;
  if (origin) {
    const claimed = originOf(origin);
    if (claimed === null) return true;
    if (trusted.has(claimed)) return false;
    const own = originOf(`${request.protocol}://${request.host}`);
    return !(own === claimed && isAddressHost(new URL(claimed).hostname));
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** API answers are personal and change with every write: no browser or proxy may keep them. */
function isApiJson(url: string, contentType: unknown): boolean {
  return url.startsWith('/api/') && typeof contentType === 'string' && contentType.includes('json');
}

export async function registerSecurity(app: FastifyInstance) {
  // Built once: the headers are the same for every answer. (@fastify/helmet rebuilt the middleware, parsing the
  // CSP again, on every request: a tenth of a racing exit's server time.)
  const secureHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...app.config.allowedOrigins],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    secureHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  const trusted = new Set(
    [app.config.publicUrl, ...app.config.allowedOrigins]
      .map(originOf)
      .filter((origin): origin is string => origin !== null),
  );
  app.addHook('onRequest', async (request) => {
    if (UNSAFE.has(request.method) && isCrossOrigin(request, trusted)) {
      throw forbidden('Requisição de outra origem recusada.');
    }
  });
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('Cache-Control') && isApiJson(request.url, reply.getHeader('Content-Type'))) {
      reply.header('Cache-Control', 'no-store');
    }
  });
}
