import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, createOperator, type TestContext } from '../helper.ts';
import { createProduct, createSupplier, defaultUnityId, stockIn } from '../factories.ts';

let ctx: TestContext;
let admin: string;
let operator: string;
beforeAll(async () => {
  ({ ctx, cookie: admin } = await appWithAdmin('admin@auditoria.com.br', 'Ana Administradora'));
  operator = await createOperator(ctx.app, admin, 'operador@auditoria.com.br');
});
afterAll(async () => ctx.close());

const get = (cookie: string, url: string) => ctx.app.inject({ url, headers: { cookie } });
const ADMIN_ONLY = { message: 'Apenas administradores podem fazer isto.', code: 'FORBIDDEN' };

describe('audit trail', () => {
  it("shows a record's history: who, when, and each field before → after", async () => {
    const product = await createProduct(ctx.app, admin, { name: 'Café torrado 500 g', minStock: '5' });
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/v1/${product.id}`,
      headers: { cookie: admin },
      payload: { name: 'Café torrado e moído 500 g', minStock: '5' },
    });
    expect(edit.statusCode).toBe(200);

    const history = await get(operator, `/api/audit/v1?entity=product&entityId=${product.id}`);
    expect(history.statusCode).toBe(200);
    const body = history.json();
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 2, totalPages: 1 });
    const [update, creation] = body.data;
    expect(update).toMatchObject({
      action: 'update',
      entity: 'product',
      entityId: String(product.id),
      user: { id: expect.any(Number), name: 'Ana Administradora' },
      // the minimum did not change: only the name is listed
      changes: [{ field: 'name', before: 'Café torrado 500 g', after: 'Café torrado e moído 500 g' }],
    });
    expect(Date.parse(update.at)).not.toBeNaN();
    expect(creation.action).toBe('create');
    expect(creation.changes).toContainEqual({ field: 'name', before: null, after: 'Café torrado 500 g' });
  });

  it('lets admins list everything and filter by entity, user and dates; operators only read one record', async () => {
    await createSupplier(ctx.app, admin);
    const all = (await get(admin, '/api/audit/v1?pageSize=100')).json();
    expect(all.total).toBeGreaterThanOrEqual(4);
    const ids = all.data.map((entry: { id: number }) => entry.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const suppliers = (await get(admin, '/api/audit/v1?entity=supplier')).json();
    expect(suppliers.total).toBe(1);
    expect(suppliers.data[0].changes.length).toBeGreaterThan(0);

    const adminId = all.data.find((e: { entity: string }) => e.entity === 'supplier').user.id;
    const byUser = (await get(admin, `/api/audit/v1?userId=${adminId}&pageSize=100`)).json();
    expect(byUser.data.every((e: { user: { id: number } }) => e.user.id === adminId)).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    expect((await get(admin, `/api/audit/v1?from=${yearAgo}`)).json().total).toBe(all.total);
    expect((await get(admin, `/api/audit/v1?to=${yearAgo}`)).json().total).toBe(0);
    expect((await get(admin, `/api/audit/v1?from=${today}&to=${yearAgo}`)).statusCode).toBe(400);

    expect((await get(operator, '/api/audit/v1')).json()).toEqual(ADMIN_ONLY);
    expect((await get(operator, '/api/audit/v1?entity=product')).statusCode).toBe(403);
    expect(
      (await get(operator, `/api/audit/v1?entity=product&entityId=1&userId=${adminId}`)).statusCode,
    ).toBe(403);
  });

  it('exports the filtered list as CSV', async () => {
    const file = await get(admin, '/api/audit/v1?entity=product&format=csv');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Quando;Usuário;Ação;Registro;Nº;Alterações');
    expect(lines.some((line) => line.includes('Nome: Café torrado 500 g → Café torrado e moído 500 g'))).toBe(
      true,
    );
  });
});

describe('a manual entry in the audit trail', () => {
  it('is recorded under its ledger id, so its history can be asked for', async () => {
    const product = await createProduct(ctx.app, admin);
    const productUnityId = await defaultUnityId(ctx.app, admin, product.id);
    const entry = await stockIn(ctx.app, admin, {
      productId: product.id,
      productUnityId,
      quantity: '3',
      unitCost: '1.5',
    });
    const history = (await get(operator, `/api/audit/v1?entity=stock_in&entityId=${entry.id}`)).json();
    expect(history.total).toBe(1);
    expect(history.data[0]).toMatchObject({ action: 'create', entityId: String(entry.id) });
    expect(history.data[0].changes).toContainEqual({ field: 'productId', before: null, after: product.id });
  });
});
