import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import {
  appWithAdmin,
  createTestDatabase,
  buildTestApp,
  createOperator,
  login,
  type TestContext,
} from '../helper.ts';
import { createProduct, defaultUnityId } from '../factories.ts';
import { makeCsv, makeXlsx, multipart } from '../sheets.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ({ ctx, cookie: admin } = await appWithAdmin('admin@endurecido.com.br'));
});
afterAll(async () => ctx.close());

const UPLOAD_ROUTES = ['/api/stock/movement/v1/sheet', '/api/stock/movement/v1'];

function expectContractError(
  response: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { message: string; code: string };
  expect(body.code).toBe(code);
  expect(body.message).toMatch(/[a-zà-ú]/i);
  expect(body.message).not.toMatch(/Unexpected|Malformed|multipart data|FST_|Client Error/);
  return body;
}

describe('malformed multipart uploads answer a Portuguese 400 (issue 8 item 10)', () => {
  const body = (boundary: string, end = true) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="year"\r\n\r\n2026\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="sheet"; filename="m.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\nData;Código;Tipo;Quantidade\r\n01/09/2026;X;E;1\r\n` +
        (end ? `--${boundary}--\r\n` : ''),
    );

  for (const url of UPLOAD_ROUTES) {
    it(`${url}: without a boundary, with the wrong one, and cut short`, async () => {
      const cases = [
        { 'content-type': 'multipart/form-data', payload: body('abc') },
        { 'content-type': 'multipart/form-data; boundary=outro', payload: body('abc') },
        { 'content-type': 'multipart/form-data; boundary=abc', payload: body('abc', false) },
        {
          'content-type': 'multipart/form-data; boundary=abc',
          payload: body('abc').subarray(0, 80),
        },
      ];
      const messages: string[] = [];
      for (const { payload, ...headers } of cases) {
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, cookie: admin },
          payload,
        });
        expectContractError(response, 400, 'VALIDATION_ERROR');
        messages.push(response.json().message);
      }
      const cut =
        'Formulário multipart incompleto ou malformado: o corpo foi cortado ou não usa o boundary do Content-Type. Envie o arquivo de novo.';
      expect(messages).toEqual([
        'Formulário multipart inválido: falta o boundary no cabeçalho Content-Type.',
        cut,
        cut,
        cut,
      ]);
    });
  }

  it('says so when the data field passes the 64 KB field limit', async () => {
    const sheet = makeCsv([['Data', 'Código', 'Tipo', 'Quantidade']]);
    const form = await multipart(
      { year: '2026', month: '9', data: JSON.stringify({ description: 'x'.repeat(70 * 1024) }) },
      { name: 'm.csv', bytes: sheet, type: 'text/csv' },
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock/movement/v1',
      headers: { ...form.headers, cookie: admin },
      payload: form.payload,
    });
    const error = expectContractError(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(error.message).toContain('64 KB');
  });
});

describe('an upload is one file (DESIGN §4)', () => {
  /** A form with the file twice in `field`, or once in it and once in another field, and `fields` beside them. */
  const twoFiles = (field: string, fields: Record<string, string>, elsewhere = false) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const csv = new Blob(['Data;Código;Tipo;Quantidade\r\n01/09/2026;X;E;1\r\n'], { type: 'text/csv' });
    form.append(field, csv, 'um.csv');
    form.append(elsewhere ? 'outro' : field, csv, 'dois.csv');
    const response = new Response(form);
    return response.arrayBuffer().then((bytes) => ({
      payload: Buffer.from(bytes),
      headers: { 'content-type': response.headers.get('content-type') ?? '' },
    }));
  };

  it('refuses a second file on every upload with 400 "Envie apenas um arquivo." and writes nothing', async () => {
    const count = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock/counts/v1',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(count.statusCode).toBe(201);
    const uploads: Array<[string, string, Record<string, string>]> = [
      ['/api/stock/movement/v1/sheet', 'sheet', {}],
      ['/api/stock/movement/v1', 'sheet', { year: '2026', month: '9' }],
      ['/api/products/v1/import/preview', 'sheet', {}],
      ['/api/products/v1/import', 'sheet', {}],
      [`/api/stock/counts/v1/${count.json().id}/sheet`, 'sheet', {}],
      ['/api/stock/nfe/v1/preview', 'xml', {}],
      ['/api/stock/nfe/v1', 'xml', { data: '{"items":[]}' }],
    ];
    const products = await ctx.handle.db.selectFrom('products').select('id').execute();
    for (const [url, field, fields] of uploads) {
      for (const elsewhere of [false, true]) {
        const form = await twoFiles(field, fields, elsewhere);
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          payload: form.payload,
          headers: { cookie: admin, ...form.headers },
        });
        const body = expectContractError(response, 400, 'VALIDATION_ERROR');
        expect(body.message, `${url} ${elsewhere}`).toBe('Envie apenas um arquivo.');
      }
    }
    expect(await ctx.handle.db.selectFrom('products').select('id').execute()).toEqual(products);
    expect(await ctx.handle.db.selectFrom('stock_movements').select('id').execute()).toEqual([]);
    expect(await ctx.handle.db.selectFrom('inventory_count_items').select('product_id').execute()).toEqual(
      [],
    );
  });
});

describe('ids are positive integers and nothing else', () => {
  it('refuses true, "+5", " 12 ", [7], "1.0" and 0 as a productId in a JSON body', async () => {
    const product = await createProduct(ctx.app, admin);
    const unity = await defaultUnityId(ctx.app, admin, product.id);
    for (const productId of [true, '+5', ' 12 ', [7], '1.0', 0, -1, 1.5, '0x1', '']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/stock/in/v1',
        headers: { cookie: admin },
        payload: { productId, productUnityId: unity, quantity: '1', unitCost: '1' },
      });
      const body = expectContractError(response, 400, 'VALIDATION_ERROR');
      expect(body).toMatchObject({ issues: [{ path: 'productId' }] });
    }
    const ledger = await ctx.app.inject({ url: '/api/stock/in/v1', headers: { cookie: admin } });
    expect(ledger.json().total).toBe(0);
    // A plain number (1.0 in JSON is the number 1) and a string of digits are ids.
    for (const productId of [product.id, String(product.id)]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/stock/in/v1',
        headers: { cookie: admin },
        payload: { productId, productUnityId: unity, quantity: '1', unitCost: '1' },
      });
      expect(response.statusCode).toBe(201);
    }
  });

  it('refuses path ids with spaces, signs or decimals: DELETE /suppliers/v1/%201 deletes nothing', async () => {
    for (const id of ['%201', '+1', '1.0', '1%20', '0', '-1', '1e0', '%00']) {
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/suppliers/v1/${id}`,
        headers: { cookie: admin },
      });
      expectContractError(response, 400, 'VALIDATION_ERROR');
    }
  });
});

describe('NUL characters are refused at validation', () => {
  it('in a JSON text field, a nested field and in ?q=, on either database', async () => {
    const name = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/v1',
      headers: { cookie: admin },
      payload: { sku: 'NUL-1', name: 'Café\u0000', categoryId: 1, baseUnityId: 1 },
    });
    expect(expectContractError(name, 400, 'VALIDATION_ERROR')).toMatchObject({
      issues: [{ path: 'name', message: 'O texto contém um caractere inválido (nulo).' }],
    });
    const search = await ctx.app.inject({ url: '/api/products/v1?q=a%00b', headers: { cookie: admin } });
    expectContractError(search, 400, 'VALIDATION_ERROR');
    const password = await login(ctx.app, 'admin@endurecido.com.br', 'senha\u0000');
    expectContractError(password, 400, 'VALIDATION_ERROR');
  });

  it('in a multipart text field', async () => {
    const form = await multipart(
      { year: '2026', month: '9', data: JSON.stringify({ description: 'abc\u0000' }) },
      { name: 'm.csv', bytes: makeCsv([['Data', 'Código', 'Tipo', 'Quantidade']]), type: 'text/csv' },
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock/movement/v1',
      headers: { ...form.headers, cookie: admin },
      payload: form.payload,
    });
    expectContractError(response, 400, 'VALIDATION_ERROR');
  });
});

describe('framework errors come out in the contract format', () => {
  it('414 for a path parameter too long, 400 for a malformed URL', async () => {
    const long = await ctx.app.inject({
      url: `/api/products/v1/${'9'.repeat(200)}`,
      headers: { cookie: admin },
    });
    expectContractError(long, 414, 'VALIDATION_ERROR');
    const bad = await ctx.app.inject({ url: '/api/products/v1/%E0%A4%A', headers: { cookie: admin } });
    expectContractError(bad, 400, 'VALIDATION_ERROR');
  });

  it('413 PAYLOAD_TOO_LARGE for a body past the limit, 415 for an unknown content type', async () => {
    const big = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/v1',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ businessName: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectContractError(big, 413, 'PAYLOAD_TOO_LARGE');
    const xml = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/v1',
      headers: { cookie: admin, 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    expectContractError(xml, 415, 'UNSUPPORTED_MEDIA_TYPE');
    // text too: a body the API does not read is a media type it does not support, not a malformed object
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock/closings/v1',
      headers: { cookie: admin, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expectContractError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('431 in the contract format for headers past the limit (real socket)', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/health`, { headers: { 'x-grande': 'a'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({
      message: 'Cabeçalhos da requisição grandes demais.',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });
});

describe('CSRF origin check (item 13)', () => {
  it('refuses a rebinding page that sends its own name as Host and Origin', async () => {
    const fresh = await buildTestApp();
    try {
      const rebinding = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/v1/register',
        headers: { host: 'evil.example', origin: 'http://evil.example' },
        payload: { name: 'Intruso', email: 'intruso@evil.example', password: 'senha-segura-123' },
      });
      expect(rebinding.statusCode).toBe(403);
      expect(rebinding.json()).toEqual({
        message: 'Requisição de outra origem recusada.',
        code: 'FORBIDDEN',
      });
      const users = await fresh.handle.db.selectFrom('users').select('id').execute();
      expect(users).toHaveLength(0);
      // PUBLIC_URL itself, and the LAN address the browser really used, are accepted.
      const own = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/v1/register',
        headers: { host: 'armazem.test', origin: 'http://armazem.test' },
        payload: { name: 'Dona', email: 'dona@loja.com.br', password: 'senha-segura-123' },
      });
      expect(own.statusCode).toBe(201);
      const lan = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/v1/forgot-password',
        headers: { host: '192.168.0.10:3000', origin: 'http://192.168.0.10:3000' },
        payload: { email: 'dona@loja.com.br' },
      });
      expect(lan.statusCode).toBe(202);
      const otherLan = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/v1/forgot-password',
        headers: { host: '192.168.0.10:3000', origin: 'http://192.168.0.1' },
        payload: { email: 'dona@loja.com.br' },
      });
      expect(otherLan.statusCode).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});

describe('caching, downloads, reset links and readiness (item 13)', () => {
  it('marks API JSON answers no-store', async () => {
    for (const url of ['/api/auth/v1/me', '/api/products/v1', '/api/nada/v1']) {
      const response = await ctx.app.inject({ url, headers: { cookie: admin } });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it("serves the original sheet with the type detected from its content, not the uploader's", async () => {
    const product = await createProduct(ctx.app, admin, { sku: 'ORIG-1' });
    const today = new Date();
    const year = today.getUTCFullYear();
    const month = today.getUTCMonth() + 1;
    const first = `01/${String(month).padStart(2, '0')}/${year}`;
    const rows = [
      ['Data', 'Código', 'Tipo', 'Quantidade', 'Unidade', 'Custo Unitário'],
      [first, product.sku, 'Entrada', 5, 'UN', 2],
    ];
    const uploads = [
      { name: 'mentira.xlsx', bytes: makeCsv(rows), type: 'text/html', expected: /^text\/csv/ },
      {
        name: 'mentira.csv',
        bytes: await makeXlsx(rows),
        type: 'text/html',
        expected: /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/,
      },
    ];
    for (const upload of uploads) {
      const form = await multipart({ year: String(year), month: String(month) }, upload);
      const imported = await ctx.app.inject({
        method: 'POST',
        url: '/api/stock/movement/v1',
        headers: { ...form.headers, cookie: admin },
        payload: form.payload,
      });
      expect(imported.statusCode).toBe(201);
      const original = await ctx.app.inject({
        url: `/api/stock/movement/v1/${imported.json().id}/sheet`,
        headers: { cookie: admin },
      });
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toMatch(upload.expected);
      expect(Buffer.compare(original.rawPayload, upload.bytes)).toBe(0);
      // Undo, so the next file of the same month is not refused as already imported.
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/stock/movement/v1/${imported.json().id}`,
        headers: { cookie: admin },
      });
    }
  });

  it('ends the older reset links when a new one is requested', async () => {
    await createOperator(ctx.app, admin, 'esquecida@loja.com.br');
    const tokens: string[] = [];
    for (let n = 0; n < 2; n += 1) {
      const before = ctx.mail.length;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/v1/forgot-password',
        payload: { email: 'esquecida@loja.com.br' },
      });
      expect(response.statusCode).toBe(202);
      await expect.poll(() => ctx.mail.length).toBe(before + 1);
      const token = /token=([^\s&]+)/.exec(ctx.mail.at(-1)!.text)?.[1];
      tokens.push(decodeURIComponent(token!));
    }
    const reset = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/v1/reset-password',
        payload: { token, password: 'nova-senha-456' },
      });
    const old = await reset(tokens[0]!);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe('Link de redefinição inválido ou expirado. Solicite um novo.');
    expect((await reset(tokens[1]!)).statusCode).toBe(204);
  });

  it('is not ready on an empty recreated database, nor on one an older release migrated', async () => {
    const { handle, drop } = await createTestDatabase();
    const empty = await buildApp({
      database: handle,
      mailer: { send: async () => undefined },
      config: {
        sessions: { idleMinutes: 60, absoluteHours: 24 },
        loginRateLimit: 5,
        publicUrl: 'http://armazem.test',
        allowedOrigins: [],
        timeZone: 'America/Sao_Paulo',
      },
    });
    try {
      const response = await empty.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable' });
      const { migrateToLatest } = await import('../../src/db/migrate.ts');
      await migrateToLatest(handle);
      expect((await empty.inject({ url: '/api/ready' })).statusCode).toBe(200);
      await handle.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '005-auth-hardening' as never)
        .execute();
      expect((await empty.inject({ url: '/api/ready' })).statusCode).toBe(503);
    } finally {
      await empty.close();
      await drop();
    }
  });
});

describe('disabled and pending accounts (item 6)', () => {
  it('says why at sign-in (403) and on the next call of an existing session', async () => {
    const operator = await createOperator(ctx.app, admin, 'desligado@loja.com.br');
    const me = (await ctx.app.inject({ url: '/api/auth/v1/me', headers: { cookie: operator } })).json();
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${me.id}`,
      headers: { cookie: admin },
      payload: { status: 'disabled' },
    });
    // Every call of that session says so, also those that were already on the way.
    for (const url of ['/api/products/v1', '/api/auth/v1/me']) {
      const next = await ctx.app.inject({ url, headers: { cookie: operator } });
      expect(next.statusCode).toBe(401);
      expect(next.json()).toEqual({
        message: 'Seu acesso foi desativado por um administrador. Fale com ele para voltar a entrar.',
        code: 'UNAUTHENTICATED',
      });
    }
    // The session is gone for good: re-enabling the account does not bring it back.
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${me.id}`,
      headers: { cookie: admin },
      payload: { status: 'active' },
    });
    expect((await ctx.app.inject({ url: '/api/auth/v1/me', headers: { cookie: operator } })).statusCode).toBe(
      401,
    );
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${me.id}`,
      headers: { cookie: admin },
      payload: { status: 'disabled' },
    });
    const signIn = await login(ctx.app, 'desligado@loja.com.br');
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({
      message: 'Seu acesso está desativado. Fale com um administrador.',
      code: 'FORBIDDEN',
    });
    // A wrong password still says only "invalid": the status is not revealed without the password.
    expect((await login(ctx.app, 'desligado@loja.com.br', 'outra-senha')).statusCode).toBe(401);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/register',
      payload: { name: 'Nova', email: 'pendente@loja.com.br', password: 'senha-segura-123' },
    });
    const pending = await login(ctx.app, 'pendente@loja.com.br');
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toBe('Seu cadastro aguarda a aprovação de um administrador.');
  });
});

describe('hostile nesting', () => {
  it('answers a body nested 200,000 levels deep with a 400, not a crash', async () => {
    const depth = 200_000;
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/v1',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: `{"businessName":${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)}}`,
    });
    expectContractError(response, 400, 'VALIDATION_ERROR');
    expect(response.body.length).toBeLessThan(1000);
  });
});
