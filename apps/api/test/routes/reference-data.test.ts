import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { auditEntry, appWithAdmin, createOperator, dialectUnderTest, type TestContext } from '../helper.ts';
import { insertProduct } from '../../src/domain/products/products-repository.ts';
import { productSearchColumns } from '../../src/domain/products/products-rules.ts';
import { createBox, createProduct, defaultUnityId, stockIn, unique } from '../factories.ts';

let ctx: TestContext;
let admin: string;
let operator: string;
beforeAll(async () => {
  ({ ctx, cookie: admin } = await appWithAdmin('admin@cadastros.com.br'));
  operator = await createOperator(ctx.app, admin, 'operador@cadastros.com.br');
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const auditOf = (entity: string, id: number, action: string) => auditEntry(ctx.handle.db, entity, id, action);

describe('categories managed by the business', () => {
  it('adds, renames, deactivates and deletes an unused category, auditing each write', async () => {
    const name = `Congelados ${unique()}`;
    const created = await call('POST', '/api/categories/v1', { name });
    expect(created.statusCode, created.body).toBe(201);
    const category = created.json();
    expect(category).toMatchObject({ name, status: 'active', productsCount: 0 });
    expect(await auditOf('category', category.id, 'create')).toBeTruthy();

    const renamed = await call('PATCH', `/api/categories/v1/${category.id}`, { name: `${name} e gelados` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe(`${name} e gelados`);
    const off = await call('PATCH', `/api/categories/v1/${category.id}`, { status: 'inactive' });
    expect(off.json().status).toBe('inactive');
    expect(await auditOf('category', category.id, 'update')).toBeTruthy();

    const active = (await call('GET', '/api/categories/v1?status=active')).json();
    expect(active.some((c: { id: number }) => c.id === category.id)).toBe(false);
    const all = (await call('GET', '/api/categories/v1')).json();
    expect(all.find((c: { id: number }) => c.id === category.id)).toMatchObject({ status: 'inactive' });

    expect((await call('DELETE', `/api/categories/v1/${category.id}`)).statusCode).toBe(204);
    expect(await auditOf('category', category.id, 'delete')).toBeTruthy();
    expect((await call('DELETE', `/api/categories/v1/${category.id}`)).statusCode).toBe(404);
  });

  it('refuses a name that differs only by case or accents (409 in Portuguese)', async () => {
    const n = unique();
    await call('POST', '/api/categories/v1', { name: `Pães e Doces ${n}` });
    const again = await call('POST', '/api/categories/v1', { name: `  PAES E DOCES ${n}` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
    expect(again.json().message).toContain('Já existe uma categoria chamada');
    const seeded = await call('POST', '/api/categories/v1', { name: 'eletronicos' });
    expect(seeded.statusCode).toBe(409);
    const other = (await call('POST', '/api/categories/v1', { name: `Outra ${n}` })).json();
    const clash = await call('PATCH', `/api/categories/v1/${other.id}`, { name: `pães e doces ${n}` });
    expect(clash.statusCode).toBe(409);
    // nor by an invisible character: "Pães e Doces" with a zero-width space looks the same on every screen
    const invisible = await call('POST', '/api/categories/v1', { name: `Pães e\u200b Doces ${n}\u2060` });
    expect(invisible.statusCode).toBe(409);
  });

  it('counts the products that use a category and refuses to delete it', async () => {
    const category = (await call('POST', '/api/categories/v1', { name: `Usada ${unique()}` })).json();
    await createProduct(ctx.app, admin, { categoryId: category.id });
    const listed = (await call('GET', '/api/categories/v1')).json();
    expect(listed.find((c: { id: number }) => c.id === category.id).productsCount).toBe(1);
    const refused = await call('DELETE', `/api/categories/v1/${category.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `A categoria "${category.name}" é usada por 1 produto: desative-a em vez de excluir.`,
    );
  });

  it('lets operators read but not write (403)', async () => {
    expect((await call('GET', '/api/categories/v1', undefined, operator)).statusCode).toBe(200);
    const post = await call('POST', '/api/categories/v1', { name: `Operador ${unique()}` }, operator);
    expect(post.statusCode).toBe(403);
    expect((await call('PATCH', '/api/categories/v1/1', { name: 'X' }, operator)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/categories/v1/1', undefined, operator)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/unities/v1', { code: 'OP', name: 'Op', fractional: false }, operator))
        .statusCode,
    ).toBe(403);
    expect((await call('DELETE', '/api/unity-batches/v1/1', undefined, operator)).statusCode).toBe(403);
  });

  it('validates bodies (400)', async () => {
    expect((await call('POST', '/api/categories/v1', { name: '' })).statusCode).toBe(400);
    expect((await call('POST', '/api/categories/v1', { name: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/categories/v1/1', {})).statusCode).toBe(400);
    expect((await call('GET', '/api/categories/v1?status=talvez')).statusCode).toBe(400);
  });
});

describe('units managed by the business', () => {
  it('adds a unit with an upper-case code and refuses a duplicate code or name', async () => {
    const code = `t${unique() % 10000}`;
    const created = await call('POST', '/api/unities/v1', {
      code,
      name: `Tonelada ${code}`,
      fractional: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: code.toUpperCase(), fractional: true, productsCount: 0 });
    const dup = await call('POST', '/api/unities/v1', {
      code: code.toUpperCase(),
      name: 'Outra',
      fractional: true,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(`Já existe uma unidade com o código "${code.toUpperCase()}".`);
    const dupName = await call('POST', '/api/unities/v1', {
      code: 'ZZ9',
      name: 'quilograma',
      fractional: true,
    });
    expect(dupName.statusCode).toBe(409);
    expect(
      (await call('POST', '/api/unities/v1', { code: 'MUITOLONGO', name: 'X', fractional: true })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/unities/v1', { code: 'A B', name: 'X', fractional: true })).statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/unities/v1', { code: 'AB', name: 'X' })).statusCode).toBe(400);
  });

  // PostgreSQL: a product being created in the unit holds its row (FOR SHARE, as creating a product does); the
  // change to whole units must wait for it and then count that product, not count first and write after.
  it.runIf(dialectUnderTest === 'postgres')(
    'makes a unit whole only after a product being created in it is counted',
    async () => {
      const code = `R${unique() % 10000}`;
      const unit = (
        await call('POST', '/api/unities/v1', { code, name: `Rolo ${code}`, fractional: true })
      ).json();
      const waiting = sql<{ n: string }>`select count(*) as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`;
      const { pending } = await ctx.handle.db.transaction().execute(async (tx) => {
        await tx.selectFrom('unities').select('id').where('id', '=', unit.id).forShare().execute();
        const pending = call('PATCH', `/api/unities/v1/${unit.id}`, { fractional: false });
        await expect.poll(async () => Number((await waiting.execute(ctx.handle.db)).rows[0]?.n)).toBe(1);
        const name = 'Fita em rolo';
        await insertProduct(
          tx,
          {
            sku: `ROLO-${unique()}`,
            name,
            category_id: 1,
            base_unity_id: unit.id,
            min_stock: '1500',
            status: 'active',
            item_type: '00',
            ...productSearchColumns({ sku: 'ROLO', name }),
          },
          { unityBatchId: 1, quantity: 1000n },
        );
        // handed out in an object: the commit must not wait for the call that waits for it
        return { pending };
      });
      const change = await pending;
      expect(change.statusCode, change.body).toBe(409);
      expect(change.json().message).toContain('já é usada por 1 produto');
    },
  );

  it('will not change fractional once a product uses the unit, nor delete it', async () => {
    const code = `Q${unique() % 10000}`;
    const unit = (
      await call('POST', '/api/unities/v1', { code, name: `Quarto ${code}`, fractional: false })
    ).json();
    expect((await call('PATCH', `/api/unities/v1/${unit.id}`, { fractional: true })).statusCode).toBe(200);
    const product = await createProduct(ctx.app, admin, { baseUnityId: unit.id });
    const refused = await call('PATCH', `/api/unities/v1/${unit.id}`, { fractional: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `A unidade "${code}" já é usada por 1 produto: não é possível mudar se ela aceita frações.`,
    );
    expect(
      (await call('PATCH', `/api/unities/v1/${unit.id}`, { fractional: true, name: 'Quarto' })).statusCode,
    ).toBe(200);
    const del = await call('DELETE', `/api/unities/v1/${unit.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('desative-a em vez de excluir');
    const unitId = await defaultUnityId(ctx.app, admin, product.id);
    await stockIn(ctx.app, admin, {
      productId: product.id,
      productUnityId: unitId,
      quantity: '1.5',
      unitCost: 1,
    });
    expect((await call('PATCH', `/api/unities/v1/${unit.id}`, { status: 'inactive' })).json().status).toBe(
      'inactive',
    );
    const active = (await call('GET', '/api/unities/v1?status=active')).json();
    expect(active.some((u: { id: number }) => u.id === unit.id)).toBe(false);
  });

  it('deletes an unused unit', async () => {
    const code = `D${unique() % 10000}`;
    const unit = (
      await call('POST', '/api/unities/v1', { code, name: `Descartável ${code}`, fractional: false })
    ).json();
    expect((await call('DELETE', `/api/unities/v1/${unit.id}`)).statusCode).toBe(204);
    expect(await auditOf('unity', unit.id, 'delete')).toBeTruthy();
  });
});

describe('packaging types managed by the business', () => {
  it('adds, renames and deletes an unused one; refuses to delete one a product unity uses', async () => {
    const code = `BALDE${unique() % 10000}`;
    const created = await call('POST', '/api/unity-batches/v1', {
      code: code.toLowerCase(),
      name: `Balde ${code}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json();
    expect(batch).toMatchObject({ code, status: 'active', productsCount: 0 });
    expect(
      (await call('POST', '/api/unity-batches/v1', { code: 'OUTRO1', name: `BALDE ${code}` })).statusCode,
    ).toBe(409);
    expect((await call('POST', '/api/unity-batches/v1', { code, name: 'Outro nome' })).statusCode).toBe(409);
    const renamed = await call('PATCH', `/api/unity-batches/v1/${batch.id}`, {
      name: `Balde grande ${code}`,
    });
    expect(renamed.json().name).toBe(`Balde grande ${code}`);
    expect(await auditOf('unity_batch', batch.id, 'update')).toBeTruthy();
    expect((await call('DELETE', `/api/unity-batches/v1/${batch.id}`)).statusCode).toBe(204);

    const caixa = (await call('GET', '/api/unity-batches/v1'))
      .json()
      .find((b: { code: string }) => b.code === 'CAIXA');
    const product = await createProduct(ctx.app, admin);
    await createBox(ctx.app, admin, product.id);
    const after = (await call('GET', '/api/unity-batches/v1'))
      .json()
      .find((b: { code: string }) => b.code === 'CAIXA');
    expect(after.productsCount).toBe(caixa.productsCount + 1);
    const refused = await call('DELETE', `/api/unity-batches/v1/${caixa.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('A embalagem "Caixa" é usada por');
    expect((await call('PATCH', `/api/unity-batches/v1/${caixa.id}`, { fractional: true })).statusCode).toBe(
      400,
    );
  });
});

describe('deactivated reference data and the products that have it', () => {
  const newCategory = async () =>
    (await call('POST', '/api/categories/v1', { name: `Sazonal ${unique()}` })).json();
  const deactivate = (kind: 'categories' | 'unities' | 'unity-batches', id: number) =>
    call('PATCH', `/api/${kind}/v1/${id}`, { status: 'inactive' });

  it('gives no new product a deactivated category or unit, nor moves a product into one (400)', async () => {
    const off = await newCategory();
    await deactivate('categories', off.id);
    const refused = await call('POST', '/api/products/v1', {
      sku: `INAT-${unique()}`,
      name: 'Produto em categoria desativada',
      categoryId: off.id,
      baseUnityId: 1,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `A categoria ${off.name} está desativada: reative-a em Categorias ou use outra.`,
      issues: [{ path: 'categoryId' }],
    });

    const code = `Z${unique()}`.slice(0, 6).toUpperCase();
    const unit = (
      await call('POST', '/api/unities/v1', { code, name: `Unidade ${code}`, fractional: false })
    ).json();
    await deactivate('unities', unit.id);
    const noUnit = await call('POST', '/api/products/v1', {
      sku: `INAT-${unique()}`,
      name: 'Produto em unidade desativada',
      categoryId: 1,
      baseUnityId: unit.id,
    });
    expect(noUnit.statusCode).toBe(400);
    expect(noUnit.json().message).toBe(
      `A unidade ${unit.code} está desativada: reative-a em Unidades ou use outra.`,
    );

    const moved = await createProduct(ctx.app, admin);
    const move = await call('PATCH', `/api/products/v1/${moved.id}`, { categoryId: off.id });
    expect(move.statusCode).toBe(400);
    expect((await call('GET', `/api/products/v1/${moved.id}`)).json().category.id).toBe(moved.category.id);
  });

  it('lets a product keep the category it has once that category is deactivated', async () => {
    const category = await newCategory();
    const product = await createProduct(ctx.app, admin, { categoryId: category.id });
    await deactivate('categories', category.id);
    // the edit form sends the category the product has, unchanged
    const edited = await call('PATCH', `/api/products/v1/${product.id}`, {
      name: 'Nome revisto',
      categoryId: category.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Nome revisto', category: { id: category.id } });
  });

  it('adds no package of a deactivated kind (400)', async () => {
    const code = `K${unique()}`.slice(0, 6).toUpperCase();
    const kind = (await call('POST', '/api/unity-batches/v1', { code, name: `Fardo ${code}` })).json();
    await deactivate('unity-batches', kind.id);
    const product = await createProduct(ctx.app, admin);
    const refused = await call('POST', `/api/products/v1/${product.id}/unity/v1`, {
      unityId: product.baseUnity.id,
      unityBatchId: kind.id,
      quantity: '6',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `O tipo de embalagem ${kind.name} está desativado: reative-o em Embalagens ou use outro.`,
    );
  });

  it('keeps the default package kind (Avulsa) active: every new product gets it (409)', async () => {
    const kinds = (await call('GET', '/api/unity-batches/v1')).json();
    const avulsa = kinds.find((k: { code: string }) => k.code === 'AVULSA');
    const refused = await call('PATCH', `/api/unity-batches/v1/${avulsa.id}`, { status: 'inactive' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `O tipo de embalagem ${avulsa.name} é o da unidade base de todo produto e não pode ser desativado.`,
    );
    expect((await call('GET', '/api/unity-batches/v1')).json()).toContainEqual(
      expect.objectContaining({ id: avulsa.id, status: 'active' }),
    );
  });

  it("adds a package in the product's own unit once that unit is deactivated, not in another deactivated one", async () => {
    const code = `W${unique()}`.slice(0, 6).toUpperCase();
    const unit = (
      await call('POST', '/api/unities/v1', { code, name: `Unidade ${code}`, fractional: false })
    ).json();
    const product = await createProduct(ctx.app, admin, { baseUnityId: unit.id });
    await deactivate('unities', unit.id);
    const kinds = (await call('GET', '/api/unity-batches/v1?status=active')).json();
    const box = kinds.find((k: { code: string }) => k.code === 'CAIXA');
    const own = await call('POST', `/api/products/v1/${product.id}/unity/v1`, {
      unityId: unit.id,
      unityBatchId: box.id,
      quantity: '6',
    });
    expect(own.statusCode, own.body).toBe(201);
    const other = await createProduct(ctx.app, admin);
    const refused = await call('POST', `/api/products/v1/${other.id}/unity/v1`, {
      unityId: unit.id,
      unityBatchId: box.id,
      quantity: '6',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `A unidade ${code} está desativada: reative-a em Unidades ou use outra.`,
    );
  });
});
