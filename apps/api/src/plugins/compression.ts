import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this, compressing costs more time than the bytes it saves (CPU is paid on every call). */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * The API's answers (the routes registered after it: the web's come before), by @fastify/compress (docs/decisions/0021, 0086): JSON of 1 KB
 * or more, and the text files the library knows to compress well (CSV, the EFD text), go out as brotli quality 4 or
 * gzip level 6 when the client accepts it, by its Accept-Encoding. PDF and XLSX (compressed already) are sent as the
 * route sends them. The web's files are not touched here: they are sent from their precompressed copies
 * (plugins/web.ts). Request bodies are never decompressed: an upload is read as sent.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_FROM_BYTES,
    customTypes: /^application\/json/,
    // Quality 4 / level 6: most of the saving of the strongest levels at a small fraction of their time, per request.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
