import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { cnpjFromBase, createProduct, createSupplier, unique } from '../factories.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@fornecedores.com.br'));
});
afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('suppliers', () => {
  it('creates a supplier with an alphanumeric CNPJ, stored upper-case without punctuation', async () => {
    const response = await send('POST', '/api/suppliers/v1', {
      name: 'Distribuidora Nova Era Ltda',
      tradeName: 'Nova Era',
      document: '12.abc.345/01de-35',
      email: 'Vendas@NovaEra.com.br',
      phone: '(11) 98765-4321',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name: 'Distribuidora Nova Era Ltda',
      tradeName: 'Nova Era',
      document: '12ABC34501DE35',
      email: 'vendas@novaera.com.br',
      phone: '11987654321',
      stateRegistration: null,
      address: { street: null, number: null, district: null, city: null, state: null, zip: null },
      status: 'active',
      leadTimeDays: 0,
      productsCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('accepts a CPF and refuses duplicates with 409', async () => {
    expect(
      (await send('POST', '/api/suppliers/v1', { name: 'João Produtor', document: '529.982.247-25' }))
        .statusCode,
    ).toBe(201);
    const taken = await createSupplier(ctx.app, cookie, { document: cnpjFromBase('98XYZ7650001') });
    const duplicate = await send('POST', '/api/suppliers/v1', {
      name: 'Outro',
      document: taken.document.toLowerCase(),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message: `Já existe um fornecedor com o CNPJ 98.XYZ.765/0001-${taken.document.slice(12)}.`,
      code: 'CONFLICT',
    });
  });

  it('validates document check digits, e-mail and phone in Portuguese', async () => {
    const response = await send('POST', '/api/suppliers/v1', {
      name: 'X',
      document: '12.ABC.345/01DE-36',
      email: 'x@',
      phone: '12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'document', message: 'CNPJ ou CPF inválido: confira os dígitos verificadores.' },
        { path: 'email', message: 'E-mail inválido.' },
        { path: 'phone', message: 'Telefone inválido: informe DDD e número.' },
      ]),
    );
    expect((await send('POST', '/api/suppliers/v1', { name: 'X' })).json().issues).toEqual([
      { path: 'document', message: 'Campo obrigatório.' },
    ]);
  });

  it('lists with search by name, trade name or document (formatted or not) and status filter', async () => {
    const n = String(unique() % 1_000_000).padStart(6, '0');
    const found = await createSupplier(ctx.app, cookie, {
      name: `Comércio Busca ${n} Ltda`,
      tradeName: `Estrela Guia ${n}`,
      document: cnpjFromBase(`${n}KQ0001`),
    });
    const documents = (q: string) =>
      get(`/api/suppliers/v1?page=1&q=${encodeURIComponent(q)}`).then((response) =>
        response.json().data.map((s: { document: string }) => s.document),
      );
    expect(await documents(`estrela guia ${n}`)).toEqual([found.document]);
    expect(await documents(`comercio busca ${n}`)).toEqual([found.document]);
    expect(await documents(`${n.slice(0, 2)}.${n.slice(2, 5)}.${n.slice(5)}kq/0001`)).toEqual([
      found.document,
    ]);
    expect(await documents(`${n}kq0001`)).toEqual([found.document]);
    const closed = await createSupplier(ctx.app, cookie);
    await send('PATCH', `/api/suppliers/v1/${closed.id}`, { status: 'inactive' });
    const inactive = (await get('/api/suppliers/v1?status=inactive&pageSize=100')).json();
    expect(inactive.data.map((s: { id: number }) => s.id)).toContain(closed.id);
    expect(inactive.data.map((s: { id: number }) => s.id)).not.toContain(found.id);
    expect(inactive.data.every((s: { status: string }) => s.status === 'inactive')).toBe(true);
    expect((await get('/api/suppliers/v1?pageSize=500')).statusCode).toBe(400);
  });

  it('changes status and fields; the select list shows only active suppliers', async () => {
    const supplier = await createSupplier(ctx.app, cookie);
    const other = await createSupplier(ctx.app, cookie);
    const inactive = await send('PATCH', `/api/suppliers/v1/${supplier.id}`, { status: 'inactive' });
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json().status).toBe('inactive');
    const select = (await get('/api/suppliers/v1/select')).json();
    expect(select.map((s: { id: number }) => s.id)).not.toContain(supplier.id);
    expect(select.find((s: { id: number }) => s.id === other.id)).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      document: expect.any(String),
    });
    const dup = await send('PATCH', `/api/suppliers/v1/${supplier.id}`, { document: other.document });
    expect(dup.statusCode).toBe(409);
    expect((await send('PATCH', '/api/suppliers/v1/99999', { status: 'active' })).statusCode).toBe(404);
  });

  it('links and unlinks products; linking twice is not an error; counts follow', async () => {
    const supplier = await createSupplier(ctx.app, cookie);
    const product = await createProduct(ctx.app, cookie, { name: 'Farinha de Trigo' });
    expect(
      (await send('POST', `/api/suppliers/v1/${supplier.id}/products/v1/${product.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await send('POST', `/api/suppliers/v1/${supplier.id}/products/v1/${product.id}`)).statusCode,
    ).toBe(204);
    const linked = (await get(`/api/suppliers/v1/${supplier.id}/products/v1`)).json();
    expect(linked).toEqual([
      {
        id: product.id,
        sku: product.sku,
        name: 'Farinha de Trigo',
        status: 'active',
        linkedAt: expect.any(String),
      },
    ]);
    expect((await get(`/api/suppliers/v1/${supplier.id}`)).json().productsCount).toBe(1);
    const detail = (await get(`/api/products/v1/${product.id}`)).json();
    expect(detail.suppliers.map((s: { id: number }) => s.id)).toEqual([supplier.id]);
    expect(
      (await send('DELETE', `/api/suppliers/v1/${supplier.id}/products/v1/${product.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await send('DELETE', `/api/suppliers/v1/${supplier.id}/products/v1/${product.id}`)).statusCode,
    ).toBe(204);
    expect((await get(`/api/suppliers/v1/${supplier.id}/products/v1`)).json()).toEqual([]);
    expect((await send('POST', `/api/suppliers/v1/${supplier.id}/products/v1/99999`)).statusCode).toBe(404);
    expect((await send('POST', `/api/suppliers/v1/99999/products/v1/${product.id}`)).statusCode).toBe(404);
    expect((await get('/api/suppliers/v1/99999/products/v1')).statusCode).toBe(404);
  });

  it('deletes a supplier without movements', async () => {
    const supplier = await createSupplier(ctx.app, cookie);
    expect((await send('DELETE', `/api/suppliers/v1/${supplier.id}`)).statusCode).toBe(204);
    expect((await get(`/api/suppliers/v1/${supplier.id}`)).statusCode).toBe(404);
  });
});
