import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_OPERATOR_PERMISSIONS,
  PERMISSION_ACTIONS,
  PERMISSIONS,
  type TPermissionAction,
} from '@armazem/contracts/permissions';
import { CATALOG_COLUMN_TITLES } from '@armazem/contracts/catalog-import';
import { appWithAdmin, auditEntry, createOperator, type TestContext } from '../helper.ts';
import { createCategory, createProduct, defaultUnityId, stockIn, unique } from '../factories.ts';
import { makeXlsx, multipart, type Cell } from '../sheets.ts';

// Permissions per action (DESIGN.md §6.7, issue 33), on SQLite and PostgreSQL: every action tried by an operator with
// it off (403 naming it) and on (past the check), admins always, and the catalog sheet that would create a category.
let ctx: TestContext;
let admin: string;
let operator: string;
beforeAll(async () => {
  ({ ctx, cookie: admin } = await appWithAdmin('admin@permissoes.com.br', 'Ana Admin'));
  operator = await createOperator(ctx.app, admin, 'operador@permissoes.com.br');
});
afterAll(async () => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, as = admin) =>
  ctx.app.inject({
    method,
    url,
    headers: { cookie: as },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const permissions = (operatorPermissions: Record<string, unknown>, as = admin) =>
  call('PUT', '/api/settings/v1/permissions', { operator: operatorPermissions }, as);
const allOff = Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, false]));
const only = (action: TPermissionAction, allowed: boolean) => permissions({ ...allOff, [action]: allowed });

const reason = { reason: 'Lançado por engano' };
const MISSING = 999_999;

/**
 * What each route-checked action sends, and what it answers once past the check (an id that does not exist: 404; a
 * creation: 201). The count's discard and undo are tried on real counts below (only the count tells which it is).
 */
const ROUTE_ACTIONS: Array<{
  action: TPermissionAction;
  method: Method;
  url: () => string | Promise<string>;
  body?: () => unknown | Promise<unknown>;
  passed: number;
}> = [
  { action: 'nfe.undo', method: 'DELETE', url: () => `/api/stock/nfe/v1/${MISSING}`, passed: 404 },
  { action: 'batch.undo', method: 'DELETE', url: () => `/api/stock/documents/v1/${MISSING}`, passed: 404 },
  { action: 'sheet.delete', method: 'DELETE', url: () => `/api/stock/movement/v1/${MISSING}`, passed: 404 },
  {
    action: 'movement.cancel',
    method: 'POST',
    url: () => `/api/stock/in/v1/${MISSING}/cancel`,
    body: () => reason,
    passed: 404,
  },
  {
    action: 'movement.cancel',
    method: 'POST',
    url: () => `/api/stock/out/v1/${MISSING}/cancel`,
    body: () => reason,
    passed: 404,
  },
  {
    action: 'movement.cancel',
    method: 'POST',
    url: () => `/api/stock/transfers/v1/${MISSING}/cancel`,
    body: () => reason,
    passed: 404,
  },
  { action: 'count.post', method: 'POST', url: () => `/api/stock/counts/v1/${MISSING}/post`, passed: 404 },
  {
    action: 'month.close',
    method: 'POST',
    url: () => '/api/stock/closings/v1',
    body: () => ({ year: 2020, month: 1 }),
    passed: 201,
  },
  {
    action: 'month.reopen',
    method: 'POST',
    url: () => '/api/stock/closings/v1/reopen',
    body: () => ({ year: 2020, month: 1, reason: 'Nota esquecida' }),
    passed: 200,
  },
  {
    action: 'reference.create',
    method: 'POST',
    url: () => '/api/categories/v1',
    body: () => ({ name: `Categoria ${unique()}` }),
    passed: 201,
  },
  {
    action: 'reference.create',
    method: 'POST',
    url: () => '/api/unities/v1',
    body: () => ({
      code: `U${String(unique()).slice(-4)}`.toUpperCase(),
      name: 'Unidade nova',
      fractional: false,
    }),
    passed: 201,
  },
  {
    action: 'reference.create',
    method: 'POST',
    url: () => '/api/unity-batches/v1',
    body: () => ({ code: `E${String(unique()).slice(-4)}`.toUpperCase(), name: 'Embalagem nova' }),
    passed: 201,
  },
  {
    action: 'locations.manage',
    method: 'POST',
    url: () => '/api/locations/v1',
    body: async () => ({
      establishmentId: (await call('GET', '/api/establishments/v1')).json()[0].id,
      name: `Depósito ${unique()}`,
    }),
    passed: 201,
  },
  {
    action: 'locations.manage',
    method: 'PATCH',
    url: () => `/api/locations/v1/${MISSING}`,
    body: () => ({ name: 'Fundos' }),
    passed: 404,
  },
  { action: 'locations.manage', method: 'DELETE', url: () => `/api/locations/v1/${MISSING}`, passed: 404 },
];

const refusedFor = (action: TPermissionAction) => ({
  code: 'FORBIDDEN',
  permission: action,
  message: expect.stringContaining(`"${PERMISSIONS[action].label}"`),
});

describe('permissions: reading and saving (GET|PUT /api/settings/v1/permissions)', () => {
  it('start at the defaults, which every signed-in user reads', async () => {
    for (const as of [admin, operator]) {
      const response = await call('GET', '/api/settings/v1/permissions', undefined, as);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ operator: DEFAULT_OPERATOR_PERMISSIONS });
    }
    // operators import the catalog by default, and nothing else of the list
    expect(DEFAULT_OPERATOR_PERMISSIONS['catalog.import']).toBe(true);
    expect(PERMISSION_ACTIONS.filter((action) => DEFAULT_OPERATOR_PERMISSIONS[action])).toEqual([
      'catalog.import',
    ]);
  });

  it('are changed by admins only, an action at a time, audited', async () => {
    const refused = await permissions({ 'nfe.undo': true }, operator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Apenas administradores podem fazer isto.',
    });

    const saved = await permissions({ 'nfe.undo': true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ operator: { ...DEFAULT_OPERATOR_PERMISSIONS, 'nfe.undo': true } });
    const kept = await permissions({ 'count.post': true });
    expect(kept.json().operator).toMatchObject({ 'nfe.undo': true, 'count.post': true });
    const row = await ctx.handle.db
      .selectFrom('audit_log')
      .select(['action', 'before_data', 'after_data'])
      .where('entity', '=', 'permissions')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.action).toBe('update');
    expect(JSON.parse(row.before_data ?? '{}').operator['count.post']).toBe(false);
    expect(JSON.parse(row.after_data ?? '{}').operator['count.post']).toBe(true);
    await permissions(DEFAULT_OPERATOR_PERMISSIONS);
  });

  it('refuse unknown actions, values that are not true or false, and a body without operator (400)', async () => {
    for (const body of [
      { operator: { 'nfe.desfazer': true } },
      { operator: { 'nfe.undo': 'sim' } },
      { operator: { 'nfe.undo': 1 } },
      { admin: { 'nfe.undo': true } },
      {},
    ]) {
      const response = await call('PUT', '/api/settings/v1/permissions', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    const unknown = await call('PUT', '/api/settings/v1/permissions', { operator: { 'nfe.desfazer': true } });
    expect(unknown.json().message).toContain('Permissão desconhecida: nfe.desfazer.');
    const unchanged = await call('GET', '/api/settings/v1/permissions');
    expect(unchanged.json()).toEqual({ operator: DEFAULT_OPERATOR_PERMISSIONS });
  });
});

describe('permissions: every action as an operator, off and on', { timeout: 120_000 }, () => {
  it('refuses each route-checked action while off, naming the permission, and lets it through once on', async () => {
    for (const { action, method, url, body, passed } of ROUTE_ACTIONS) {
      await only(action, false);
      const off = await call(method, await url(), await body?.(), operator);
      expect(off.statusCode, `${action} off: ${off.body}`).toBe(403);
      expect(off.json()).toMatchObject(refusedFor(action));

      await only(action, true);
      const on = await call(method, await url(), await body?.(), operator);
      expect(on.statusCode, `${action} on: ${on.body}`).toBe(passed);
    }
  });

  it('with the defaults, refuses an operator every action but the catalog import', async () => {
    await permissions(DEFAULT_OPERATOR_PERMISSIONS);
    for (const { action, method, url, body } of ROUTE_ACTIONS) {
      const response = await call(method, await url(), await body?.(), operator);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(403);
    }
  });

  it('lets admins do every action whatever the operators may', async () => {
    await permissions(allOff);
    for (const { action, method, url, body } of ROUTE_ACTIONS) {
      const response = await call(method, await url(), await body?.(), admin);
      // past the check (the month may be closed already: 409)
      expect(response.statusCode, `${action}: ${response.body}`).not.toBe(403);
    }
    await permissions(DEFAULT_OPERATOR_PERMISSIONS);
  });
});

async function countedProduct() {
  const category = await createCategory(ctx.app, admin);
  const product = await createProduct(ctx.app, admin, { categoryId: category.id });
  const productUnityId = await defaultUnityId(ctx.app, admin, product.id);
  await stockIn(ctx.app, admin, { productId: product.id, productUnityId, quantity: 5, unitCost: '2,00' });
  return category.id as number;
}

async function startCount(categoryId: number, as: string) {
  const response = await call('POST', '/api/stock/counts/v1', { categoryId, description: 'Balanço' }, as);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

describe('permissions: a count discarded or undone', { timeout: 120_000 }, () => {
  it('an operator starts a count by default, and discards it only with count.discard', async () => {
    const count = await startCount(await countedProduct(), operator);
    await only('count.discard', false);
    const off = await call('DELETE', `/api/stock/counts/v1/${count}`, undefined, operator);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject(refusedFor('count.discard'));
    await only('count.discard', true);
    expect((await call('DELETE', `/api/stock/counts/v1/${count}`, undefined, operator)).statusCode).toBe(204);
  });

  it('an operator posts with count.post and undoes a posted count only with count.undo', async () => {
    const count = await startCount(await countedProduct(), operator);
    await only('count.post', true);
    const posted = await call(
      'POST',
      `/api/stock/counts/v1/${count}/post`,
      { uncountedAsZero: true },
      operator,
    );
    expect(posted.statusCode, posted.body).toBe(200);

    // discarding does not stand in for undoing
    await permissions({ ...allOff, 'count.discard': true });
    const off = await call('DELETE', `/api/stock/counts/v1/${count}`, undefined, operator);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject(refusedFor('count.undo'));
    await only('count.undo', true);
    expect((await call('DELETE', `/api/stock/counts/v1/${count}`, undefined, operator)).statusCode).toBe(204);
    expect(await auditEntry(ctx.handle.db, 'inventory_count', count, 'undo')).toBeTruthy();
    await permissions(DEFAULT_OPERATOR_PERMISSIONS);
  });
});

const TITLES = [...CATALOG_COLUMN_TITLES] as Cell[];
const catalogRow = (sku: string, category: string) =>
  TITLES.map((title) =>
    title === 'Código'
      ? sku
      : title === 'Nome'
        ? `Produto ${sku}`
        : title === 'Categoria'
          ? category
          : title === 'Unidade'
            ? 'UN'
            : null,
  );
async function importCatalog(rows: Cell[][], as: string) {
  const body = await multipart({}, { name: 'produtos.xlsx', bytes: await makeXlsx([TITLES, ...rows]) });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/products/v1/import',
    headers: { cookie: as, ...body.headers },
    payload: body.payload,
  });
}
const categoryNamed = (name: string) =>
  ctx.handle.db.selectFrom('categories').select('id').where('name', '=', name).executeTakeFirst();

describe('permissions: the catalog sheet', { timeout: 120_000 }, () => {
  it('imports with existing categories by default, and not at all without catalog.import', async () => {
    const existing = (await createCategory(ctx.app, admin)).name as string;
    await permissions(DEFAULT_OPERATOR_PERMISSIONS);
    const imported = await importCatalog([catalogRow(`CAT-${unique()}`, existing)], operator);
    expect(imported.statusCode, imported.body).toBe(201);

    await only('catalog.import', false);
    const refused = await importCatalog([catalogRow(`CAT-${unique()}`, existing)], operator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject(refusedFor('catalog.import'));
    await permissions(DEFAULT_OPERATOR_PERMISSIONS);
  });

  it('that would create a category is refused without reference.create, naming it, and creates it with', async () => {
    const name = `Nova ${unique()}`;
    await permissions(DEFAULT_OPERATOR_PERMISSIONS);
    const refused = await importCatalog([catalogRow(`NEW-${unique()}`, name)], operator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject(refusedFor('reference.create'));
    expect(refused.json().message).toContain('criar categorias');
    expect(refused.json().message).toContain(name);
    expect(await categoryNamed(name)).toBeUndefined();

    await permissions({ ...DEFAULT_OPERATOR_PERMISSIONS, 'reference.create': true });
    const created = await importCatalog([catalogRow(`NEW-${unique()}`, name)], operator);
    expect(created.statusCode, created.body).toBe(201);
    expect(await categoryNamed(name)).toBeDefined();
    await permissions(DEFAULT_OPERATOR_PERMISSIONS);
  });

  it('creates a category for an admin whatever the operators may', async () => {
    await permissions(allOff);
    const name = `Admin ${unique()}`;
    expect((await importCatalog([catalogRow(`ADM-${unique()}`, name)], admin)).statusCode).toBe(201);
    expect(await categoryNamed(name)).toBeDefined();
    await permissions(DEFAULT_OPERATOR_PERMISSIONS);
  });
});
