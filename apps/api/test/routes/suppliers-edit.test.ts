import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntry, appWithAdmin, type TestContext } from '../helper.ts';
import { createSupplier } from '../factories.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@edicao.com.br'));
});
afterAll(async () => ctx.close());

const patch = (id: number, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/suppliers/v1/${id}`, headers: { cookie }, payload });

describe('editing a supplier', () => {
  it('changes every field at once, normalised as on creation, and records before and after', async () => {
    const supplier = await createSupplier(ctx.app, cookie, {
      name: 'Distribuidora Erada',
      email: 'erro@x.com.br',
    });
    const response = await patch(supplier.id, {
      name: 'Distribuidora Certa Ltda',
      tradeName: 'Certa',
      document: '529.982.247-25',
      email: 'Vendas@Certa.com.br',
      phone: '(11) 3333-4444',
      status: 'inactive',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: supplier.id,
      name: 'Distribuidora Certa Ltda',
      tradeName: 'Certa',
      document: '52998224725',
      email: 'vendas@certa.com.br',
      phone: '1133334444',
      status: 'inactive',
    });
    const found = (
      await ctx.app.inject({ url: '/api/suppliers/v1?q=certa&status=inactive', headers: { cookie } })
    ).json();
    expect(found.data.map((s: { id: number }) => s.id)).toEqual([supplier.id]);
    const audit = await auditEntry(ctx.handle.db, 'supplier', supplier.id, 'update');
    expect(JSON.parse(audit?.before_data ?? '{}')).toMatchObject({
      name: 'Distribuidora Erada',
      email: 'erro@x.com.br',
    });
    expect(JSON.parse(audit?.after_data ?? '{}')).toMatchObject({
      name: 'Distribuidora Certa Ltda',
      document: '52998224725',
      email: 'vendas@certa.com.br',
    });
  });

  it('clears optional fields, re-validates the document and refuses one another supplier has (409)', async () => {
    const supplier = await createSupplier(ctx.app, cookie, { tradeName: 'Fantasia', phone: '11987654321' });
    const other = await createSupplier(ctx.app, cookie);
    const cleared = await patch(supplier.id, { tradeName: null, phone: null, email: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ tradeName: null, phone: null, email: null });

    const invalid = await patch(supplier.id, { document: '12.ABC.345/01DE-36', email: 'x@', phone: '12' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'document', message: 'CNPJ ou CPF inválido: confira os dígitos verificadores.' },
        { path: 'email', message: 'E-mail inválido.' },
        { path: 'phone', message: 'Telefone inválido: informe DDD e número.' },
      ]),
    );
    const duplicate = await patch(supplier.id, { document: other.document });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('CONFLICT');
    // its own document is not a duplicate of itself
    expect((await patch(supplier.id, { document: supplier.document })).statusCode).toBe(200);
    expect((await patch(supplier.id, { name: '' })).statusCode).toBe(400);
    expect((await patch(supplier.id, {})).statusCode).toBe(400);
  });
});
