import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, buildTestApp, createOperator, dialectUnderTest, type TestContext } from '../helper.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ({ ctx, cookie: admin } = await appWithAdmin('admin@plataforma.com.br'));
});
afterAll(async () => ctx.close());

describe('health and readiness', () => {
  it('answers health and readiness without a session', async () => {
    expect((await ctx.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ url: '/api/ready' })).json()).toEqual({
      status: 'ok',
      database: dialectUnderTest,
    });
  });
});

/** A sign-in whose body is sent as it is, under the content type given. */
const postLogin = (contentType: string, payload: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/v1/login',
    headers: { 'content-type': contentType },
    payload,
  });

describe('errors', () => {
  it('answers unknown API routes with a Portuguese 404', async () => {
    const response = await ctx.app.inject({ url: '/api/nada/v1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Recurso não encontrado.', code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with 400 and oversize bodies with 413', async () => {
    const malformed = await postLogin('application/json', '{"email": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      message: 'JSON inválido no corpo da requisição.',
      code: 'VALIDATION_ERROR',
    });
    const huge = await postLogin(
      'application/json',
      JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers unsupported content types with 415', async () => {
    const response = await postLogin('application/xml', '<login/>');
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('security', () => {
  it('sends security headers', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it('refuses unsafe requests from another origin with 403', async () => {
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/logout',
      headers: { cookie: admin, origin: 'https://atacante.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'Requisição de outra origem recusada.', code: 'FORBIDDEN' });
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/logout',
      headers: { cookie: admin, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/v1/me',
      headers: { cookie: admin, origin: 'https://atacante.example' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    const own = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/v1',
      headers: { cookie: admin, origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { businessName: 'Empresa Própria' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('rate limits login attempts with 429 in Portuguese', async () => {
    const limited = await buildTestApp({ loginRateLimit: 3 });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/v1/login',
          payload: { email: 'x@y.com', password: 'qualquer-coisa' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json()).toEqual({
            message: expect.stringContaining('Muitas tentativas'),
            code: 'RATE_LIMITED',
          });
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('reference data and settings', () => {
  it('lists seeded categories, unities and unity batches as plain arrays', async () => {
    const categories = (
      await ctx.app.inject({ url: '/api/categories/v1', headers: { cookie: admin } })
    ).json();
    expect(categories.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining([
        'Alimentos',
        'Bebidas',
        'Limpeza',
        'Higiene e Beleza',
        'Papelaria',
        'Utilidades',
        'Outros',
      ]),
    );
    const unities = (await ctx.app.inject({ url: '/api/unities/v1', headers: { cookie: admin } })).json();
    const byCode = Object.fromEntries(
      unities.map((u: { code: string; fractional: boolean }) => [u.code, u.fractional]),
    );
    expect(byCode).toMatchObject({
      UN: false,
      KG: true,
      G: true,
      L: true,
      ML: true,
      M: true,
      CX: false,
      PCT: false,
    });
    const batches = (
      await ctx.app.inject({ url: '/api/unity-batches/v1', headers: { cookie: admin } })
    ).json();
    expect(batches.map((b: { name: string }) => b.name)).toEqual(
      expect.arrayContaining(['Unidade avulsa', 'Caixa', 'Fardo', 'Pacote', 'Saco', 'Palete', 'Frasco']),
    );
  });

  it('lets admins, and only admins, edit the business settings', async () => {
    const operator = await createOperator(ctx.app, admin, 'op@plataforma.com.br');
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/v1',
      headers: { cookie: operator },
      payload: { businessName: 'Outra' },
    });
    expect(refused.statusCode).toBe(403);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/v1',
      headers: { cookie: admin },
      payload: {
        businessName: 'Mercadinho São João',
        businessDocument: '12.ABC.345/01DE-35',
        businessAddress: 'Rua A, 1',
      },
    });
    expect(saved.statusCode).toBe(200);
    const read = await ctx.app.inject({ url: '/api/settings/v1', headers: { cookie: operator } });
    expect(read.json()).toEqual({
      businessName: 'Mercadinho São João',
      businessDocument: '12.ABC.345/01DE-35',
      businessStateRegistration: '',
      businessAddress: 'Rua A, 1',
      taxRegime: 'simples',
      activity: 'commerce',
      bonusValuation: 'zero',
      cfopEffects: {},
      accountant: { name: '', cpf: '', crc: '', email: '', cityCode: '' },
      efdProfile: 'A',
      timeZone: 'America/Sao_Paulo',
    });
  });

  it('serves the OpenAPI 3.1 document generated from the schemas', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/v1/login', '/api/users/{userId}']),
    );
    // every route behind the session declares its 401
    const operations = Object.entries(doc.paths as Record<string, Record<string, { responses: object }>>)
      .filter(([path]) => !path.startsWith('/api/auth/') && !['/api/health', '/api/ready'].includes(path))
      .flatMap(([, methods]) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(50);
    for (const operation of operations) expect(Object.keys(operation.responses)).toContain('401');
    const refused = await ctx.app.inject({ url: '/api/products/v1' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: expect.any(String), code: 'UNAUTHENTICATED' });
    const html = await ctx.app.inject({ url: '/api/docs/' });
    expect([200, 302]).toContain(html.statusCode);
  });
});
