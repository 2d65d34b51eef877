import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { createBox, createProduct, defaultUnityId } from '../factories.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@leitor.com.br'));
});
afterAll(async () => ctx.close());

/** An EAN-13 with its check digit, from a 12-digit body. */
function ean13(body: string): string {
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const lookup = (code: string) =>
  ctx.app.inject({ url: `/api/products/v1/lookup?code=${encodeURIComponent(code)}`, headers: { cookie } });
const patch = (url: string, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url, headers: { cookie }, payload });

describe('GET /api/products/v1/lookup', () => {
  it('finds the product and the package an exact code names', async () => {
    const product = await createProduct(ctx.app, cookie, {
      sku: 'LEITE-1L',
      name: 'Leite integral 1 L',
      barcode: ean13('789100000001'),
    });
    const box = await createBox(ctx.app, cookie, product.id, 12);
    const boxBarcode = ean13('789100000002');
    expect(
      (await patch(`/api/products/v1/${product.id}/unity/v1/${box.id}`, { barcode: boxBarcode })).statusCode,
    ).toBe(200);
    const defaultId = await defaultUnityId(ctx.app, cookie, product.id);
    const expected = { id: product.id, sku: 'LEITE-1L', name: 'Leite integral 1 L' };

    const byBox = await lookup(boxBarcode);
    expect(byBox.statusCode).toBe(200);
    expect(byBox.json()).toEqual({ match: { product: expected, productUnityId: box.id } });
    expect((await lookup(ean13('789100000001'))).json()).toEqual({
      match: { product: expected, productUnityId: defaultId },
    });
    // A SKU typed by hand in lower case still names the product, with spaces around it trimmed.
    expect((await lookup('  leite-1l ')).json()).toEqual({
      match: { product: expected, productUnityId: defaultId },
    });
  });

  it('answers no match for a partial code, an inactive product or an inactive package', async () => {
    const product = await createProduct(ctx.app, cookie, {
      sku: 'ARROZ-5KG',
      barcode: ean13('789100000003'),
    });
    const box = await createBox(ctx.app, cookie, product.id, 6);
    const boxBarcode = ean13('789100000004');
    await patch(`/api/products/v1/${product.id}/unity/v1/${box.id}`, { barcode: boxBarcode });
    expect((await lookup(boxBarcode)).json().match).not.toBeNull();

    expect((await lookup('ARROZ')).json()).toEqual({ match: null });
    expect((await lookup('789100000003')).json()).toEqual({ match: null });

    await patch(`/api/products/v1/${product.id}/unity/v1/${box.id}`, { status: 'inactive' });
    expect((await lookup(boxBarcode)).json()).toEqual({ match: null });
    expect((await lookup('ARROZ-5KG')).json().match).not.toBeNull();

    await patch(`/api/products/v1/${product.id}`, { status: 'inactive' });
    expect((await lookup('ARROZ-5KG')).json()).toEqual({ match: null });
    expect((await lookup(ean13('789100000003'))).json()).toEqual({ match: null });
  });

  it('refuses an empty, too long or control-character code with a Portuguese 400', async () => {
    for (const code of ['', '   ', 'X'.repeat(61), 'A\u0000B']) {
      const response = await lookup(code);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    }
    const missing = await ctx.app.inject({ url: '/api/products/v1/lookup', headers: { cookie } });
    expect(missing.statusCode).toBe(400);
  });

  it('requires a session', async () => {
    const response = await ctx.app.inject({ url: '/api/products/v1/lookup?code=X' });
    expect(response.statusCode).toBe(401);
  });
});
