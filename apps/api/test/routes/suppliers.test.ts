import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { createProduct, createSupplier } from '../factories.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@fornecedores.com.br');
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
      status: 'active',
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
    const duplicate = await send('POST', '/api/suppliers/v1', { name: 'Outro', document: '12ABC34501DE35' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message: 'Já existe um fornecedor com o CNPJ 12.ABC.345/01DE-35.',
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
    const byTrade = (await get('/api/suppliers/v1?page=1&q=nova era')).json();
    expect(byTrade.data.map((s: { document: string }) => s.document)).toEqual(['12ABC34501DE35']);
    const byFormatted = (await get('/api/suppliers/v1?q=529.982')).json();
    expect(byFormatted.total).toBe(1);
    const byRaw = (await get('/api/suppliers/v1?q=12abc345')).json();
    expect(byRaw.total).toBe(1);
    expect((await get('/api/suppliers/v1?status=inactive')).json().total).toBe(0);
    expect((await get('/api/suppliers/v1?pageSize=500')).statusCode).toBe(400);
  });

  it('changes status and fields; the select list shows only active suppliers', async () => {
    const supplier = await createSupplier(ctx.app, cookie);
    const inactive = await send('PATCH', `/api/suppliers/v1/${supplier.id}`, { status: 'inactive' });
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json().status).toBe('inactive');
    const select = (await get('/api/suppliers/v1/select')).json();
    expect(select.map((s: { id: number }) => s.id)).not.toContain(supplier.id);
    expect(select[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      document: expect.any(String),
    });
    const dup = await send('PATCH', `/api/suppliers/v1/${supplier.id}`, { document: '529.982.247-25' });
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
