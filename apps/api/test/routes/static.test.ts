import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createTestDatabase } from '../helper.ts';

// A build output shaped like apps/web/dist after `vite build`: each text file with its .br and .gz beside it.
const script = `export const armazem = ${JSON.stringify('estoque '.repeat(400))};\n`;
const html = `<!doctype html><html lang="pt-BR"><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
let distDir: string;
let app: App;
let drop: () => Promise<void>;

function writeWithCompressed(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'armazem-dist-'));
  writeWithCompressed(path.join(distDir, 'index.html'), html);
  writeWithCompressed(path.join(distDir, 'assets/index-Ab12Cd34.js'), script);
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const database = await createTestDatabase();
  drop = database.drop;
  await migrateToLatest(database.handle);
  app = await buildApp({
    database: database.handle,
    mailer: { send: async () => undefined },
    webDist: distDir,
    config: {
      sessions: { idleMinutes: 60, absoluteHours: 24 },
      loginRateLimit: 1000,
      publicUrl: 'http://armazem.test',
      allowedOrigins: [],
      timeZone: 'America/Sao_Paulo',
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await drop?.();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('hashed assets', () => {
  it('are sent as brotli to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 4);
  });

  it('are sent as gzip when brotli is not accepted', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('are sent as they are to a client that does not decompress', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const response = await get('/assets/index-Ab12Cd34.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.payload).toBe(script);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('are never served by the name of their compressed copy', async () => {
    const response = await get('/assets/index-Ab12Cd34.js.br', 'br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(html);
  });
});

describe('the page itself', () => {
  it('is compressed but revalidated on every visit, for the address typed and for a deep link', async () => {
    for (const url of ['/index.html', '/login', '/app/stock']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(html);
    }
    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(html);
  });

  it('files without a compressed copy are sent as they are', async () => {
    const response = await get('/favicon.svg', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('API JSON', () => {
  it('is compressed from 1 KB and still never stored', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const spec = plain.json();
    expect(plain.payload.length).toBeGreaterThan(1024);

    const br = await get('/api/docs/json', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(spec);
    expect(br.rawPayload.length).toBeLessThan(plain.payload.length / 3);

    const gz = await get('/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(spec);
  });

  it('below 1 KB goes out as it is', async () => {
    const response = await get('/api/health', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toHaveProperty('status');
  });

  it('a small error goes out as it is, in the contract format', async () => {
    const response = await get('/api/nao-existe', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ message: 'Recurso não encontrado.', code: 'NOT_FOUND' });
  });
});
