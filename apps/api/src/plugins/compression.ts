import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this, compressing costs more time than the bytes it saves (CPU is paid on every call). */
export const COMPRESS_FROM_BYTES = 1024;
/**
 * Up to this, a JSON answer is compressed in one call (decision 0095): brotli quality 4 of 64 KB takes ~0.5 ms,
 * short enough to run on the request's turn; larger answers go to the plugin's stream, off the event loop.
 */
export const ONE_SHOT_UP_TO_BYTES = 64 * 1024;

const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;
const JSON_TYPE = /^application\/json/;
const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/**
 * The API's answers (the routes registered after it: the web's come before), by @fastify/compress (docs/decisions/0021, 0086): JSON of 1 KB
 * or more, and the text files the library knows to compress well (CSV, the EFD text), go out as brotli quality 4 or
 * gzip level 6 when the client accepts it, by its Accept-Encoding. PDF and XLSX (compressed already) are sent as the
 * route sends them. The web's files are not touched here: they are sent from their precompressed copies
 * (plugins/web.ts). Request bodies are never decompressed: an upload is read as sent.
 *
 * Outside plain mode (decision 0085), a JSON answer of up to 64 KB — every page of a list — is compressed by zlib's
 * one-call functions before the plugin sees it (decision 0095): the same bytes and headers, without the plugin's
 * stream, pump and chunked transfer, which cost a list call more CPU than its query.
 */
export async function registerCompression(app: FastifyInstance, options: { oneShot: boolean }) {
  if (options.oneShot) app.addHook('onSend', compressSmallJson);
  await app.register(fastifyCompress, {
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_FROM_BYTES,
    customTypes: JSON_TYPE,
    // Quality 4 / level 6: most of the saving of the strongest levels at a small fraction of their time, per request.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
}

async function compressSmallJson(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' || payload.length > ONE_SHOT_UP_TO_BYTES) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !JSON_TYPE.test(type) || reply.hasHeader('content-encoding'))
    return payload;
  if (Buffer.byteLength(payload) < COMPRESS_FROM_BYTES) return payload;
  const accepted = request.headers['accept-encoding'];
  if (!accepted || request.headers['x-no-compression'] !== undefined) return payload;
  // as the plugin reads it: "*" and "x-gzip" mean gzip
  const encoding = encodings.negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
  if (!encoding) return payload;
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(payload, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: payload.length,
            // a 64 KB window holds the whole answer: the same bytes, a fraction of the encoder to set up
            [zlib.constants.BROTLI_PARAM_LGWIN]: 16,
          },
        })
      : zlib.gzipSync(payload, { level: GZIP_LEVEL });
  void reply.header('vary', varyWithEncoding(reply.getHeader('vary'))).header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return body;
}

function varyWithEncoding(vary: ReturnType<FastifyReply['getHeader']>) {
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, accept-encoding` : 'accept-encoding';
}
