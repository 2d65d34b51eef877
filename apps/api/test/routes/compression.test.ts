import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_SHOT_UP_TO_BYTES, registerCompression } from '../../src/plugins/compression.ts';

// The compression of the API's answers on its own: one server with the one-call path for JSON up to 64 KB (the
// default) and one in plain mode, where the plugin's stream compresses everything (decisions 0086 and 0095).
const rows = (bytes: number) => ({ data: 'estoque '.repeat(Math.ceil(bytes / 8)).slice(0, bytes), total: 1 });

async function server(oneShot: boolean) {
  const app = Fastify();
  await registerCompression(app, { oneShot });
  app.get('/json', async (request) => rows(Number((request.query as { bytes: string }).bytes)));
  app.get('/csv', async (_request, reply) =>
    reply.type('text/csv; charset=utf-8').send('a;b\n'.repeat(1000)),
  );
  await app.ready();
  return app;
}

let fast: FastifyInstance;
let plain: FastifyInstance;
beforeAll(async () => {
  [fast, plain] = await Promise.all([server(true), server(false)]);
});
afterAll(async () => {
  await Promise.all([fast?.close(), plain?.close()]);
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br'
    ? zlib.brotliDecompressSync(body).toString()
    : encoding === 'gzip'
      ? zlib.gunzipSync(body).toString()
      : body.toString();

describe.each([
  ['one call', () => fast],
  ['plain mode (stream)', () => plain],
])('JSON answers, %s', (_mode, app) => {
  it.each([
    [10_000, 'br, gzip', 'br'],
    [10_000, 'gzip', 'gzip'],
    [10_000, 'x-gzip', 'gzip'],
    [10_000, '*', 'gzip'],
    [10_000, 'br;q=0, gzip', 'gzip'],
    [10_000, 'identity', undefined],
    [500, 'br, gzip', undefined],
    [ONE_SHOT_UP_TO_BYTES * 2, 'br, gzip', 'br'],
  ])('%i bytes, Accept-Encoding "%s": %s', async (bytes, accept, expected) => {
    const response = await get(app(), `/json?bytes=${bytes}`, { 'accept-encoding': accept });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(decode(expected, response.rawPayload))).toEqual(rows(bytes));
    if (expected) {
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(bytes / 10);
    }
  });

  it('x-no-compression is honoured', async () => {
    const response = await get(app(), '/json?bytes=10000', {
      'accept-encoding': 'br',
      'x-no-compression': '1',
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(rows(10_000));
  });

  it('text files still go through the plugin', async () => {
    const response = await get(app(), '/csv', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(decode('br', response.rawPayload)).toBe('a;b\n'.repeat(1000));
  });
});

describe('the one-call path', () => {
  it('sends a page of a list with its length and no chunked transfer', async () => {
    const response = await get(fast, '/json?bytes=10000', { 'accept-encoding': 'br' });
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });

  it('leaves answers above 64 KB to the stream (off the event loop)', async () => {
    const response = await get(fast, `/json?bytes=${ONE_SHOT_UP_TO_BYTES * 2}`, { 'accept-encoding': 'br' });
    expect(response.headers['content-length']).toBeUndefined();
  });
});
