import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfe } from '../../../../test-support/nfe-builder.ts';
import {
  encryptedEntry,
  manyEntries,
  nestedZip,
  pathTrick,
  truncatedZip,
  zipBomb,
  type ArchiveEntry,
} from '../../../../test-support/hostile-archives.ts';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { setBusiness, TEST_BUSINESS_DOCUMENT } from '../nfe-upload.ts';
import { importBatch, previewBatch } from '../document-upload.ts';

// Hostile archives (DESIGN.md §6.4): each refused whole with a Portuguese message, in bounded time, nothing stored,
// and the server answering /api/health while it reads them.

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@zip.com.br', 'Zélia Zip');
  await setBusiness(ctx.app, cookie);
});
afterAll(async () => {
  await ctx.close();
});

const good: ArchiveEntry[] = [
  {
    name: 'NFCe-boa.xml',
    bytes: buildNfe({
      items: [{ code: 'X1', description: 'Item', quantity: '1.0000', total: '1.00' }],
      emitter: { cnpj: TEST_BUSINESS_DOCUMENT, name: 'Mercearia Boa Vista' },
      destination: null,
      model: '65',
    }).xml,
  },
];

/** The upload's answer, the longest /api/health took while it ran, and how long the upload took. */
async function hostile(zip: Uint8Array, importing = false) {
  const started = performance.now();
  let running = true;
  let slowestHealth = 0;
  const upload = (
    importing
      ? importBatch(ctx.app, cookie, [{ name: 'mes.zip', content: zip }])
      : previewBatch(ctx.app, cookie, [{ name: 'mes.zip', content: zip }])
  ).finally(() => {
    running = false;
  });
  const probes = (async () => {
    let answered = 0;
    while (running || answered === 0) {
      const at = performance.now();
      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      slowestHealth = Math.max(slowestHealth, performance.now() - at);
      answered += 1;
      // a client asks again a few milliseconds later (a loop of injects alone would never let the upload's I/O in)
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const [response] = await Promise.all([upload, probes]);
  return { response, seconds: (performance.now() - started) / 1000, slowestHealth };
}

async function nothingStored() {
  const batches = await ctx.handle.db.selectFrom('document_batches').select('id').execute();
  const receipts = await ctx.handle.db.selectFrom('nfe_receipts').select('id').execute();
  expect({ batches: batches.length, receipts: receipts.length }).toEqual({ batches: 0, receipts: 0 });
}

describe('hostile archives', () => {
  it.each([
    ['a bomb of 200 MB of zeros', () => zipBomb({ valid: good }), 413, /passa de 5 MB quando descompactado/],
    [
      'a bomb whose headers lie about its size',
      () => zipBomb({ valid: good, megabytes: 50, declaredSize: 1000 }),
      422,
      /tamanho não confere/,
    ],
    ['100,000 tiny entries', () => manyEntries(100_000), 413, /100\.000 arquivos; o limite é 20\.000/],
    ['a ../ name', () => pathTrick('../../etc/passwd', { valid: good }), 422, /nome inseguro/],
    ['an absolute name', () => pathTrick('/tmp/x.xml', { valid: good }), 422, /nome inseguro/],
    ['a zip inside the zip', () => nestedZip({ valid: good }), 422, /outro arquivo compactado/],
    ['an encrypted entry', () => encryptedEntry(good), 422, /protegido por senha/],
    [
      'a truncated file',
      () => truncatedZip([...good, ...good.map((g) => ({ ...g, name: 'b.xml' }))]),
      422,
      /corrompido ou incompleto/,
    ],
  ])('refuses %s whole, quickly, with health answering', async (_, build, status, message) => {
    for (const importing of [false, true]) {
      const { response, seconds, slowestHealth } = await hostile(build(), importing);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toMatch(message);
      expect(response.json().message).toContain('Nada foi lido do arquivo.');
      // bounds far above what each takes (well under a second here), so a busy machine does not fail them
      expect(seconds).toBeLessThan(15);
      expect(slowestHealth).toBeLessThan(2000);
    }
    await nothingStored();
  });

  it('refuses a .zip beside XML parts, and an upload without files', async () => {
    const mixed = await previewBatch(ctx.app, cookie, [
      { name: 'a.zip', content: truncatedZip(good, 1) },
      { name: 'b.xml', content: String(good[0]?.bytes) },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe('Envie um único .zip, ou vários XML sem .zip: não os dois juntos.');
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock/documents/v1/preview',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(empty.statusCode).toBe(400);
    await nothingStored();
  });

  it('passes over folders, PDFs and macOS metadata, and shows a broken XML as an error of its own', async () => {
    const { archiveOf } = await import('../../../../test-support/hostile-archives.ts');
    const zip = archiveOf([
      ...good,
      { name: 'DANFE/nota.pdf', bytes: '%PDF-1.4' },
      { name: '__MACOSX/._NFCe-boa.xml', bytes: 'x' },
      { name: 'quebrada.xml', bytes: '<nfeProc><NFe>' },
    ]);
    const response = await previewBatch(ctx.app, cookie, [{ name: 'mes.zip', content: zip }]);
    expect(response.statusCode, response.body).toBe(200);
    const documents = response.json().documents as Array<{ file: string; status: string; reason: string }>;
    expect(documents.map((d) => [d.file, d.status])).toEqual([
      ['NFCe-boa.xml', 'new'],
      ['quebrada.xml', 'error'],
    ]);
    expect(documents[1]?.reason).toMatch(/XML/);
  });
});
