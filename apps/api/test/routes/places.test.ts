import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjFromBase } from '../../../../test-support/factories.ts';
import { buildTestApp, login, sessionCookieFrom, signUpAndLogin, type TestContext } from '../helper.ts';
import { createProduct, createUser, defaultUnityId, stockIn } from '../factories.ts';
import { setBusiness, TEST_BUSINESS_DOCUMENT } from '../nfe-upload.ts';

// Establishments (matriz and filiais of one CNPJ root) and their stock locations (DESIGN.md §6.3, decision 0067).

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@lugares.com.br', 'Lia Lugares');
});
afterAll(async () => {
  await ctx.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  as = cookie,
) => ctx.app.inject({ method, url, headers: { cookie: as }, ...(payload === undefined ? {} : { payload }) });

/** A filial of the test business: its root with another branch number. */
const filial = (branch: string) => cnpjFromBase(`${TEST_BUSINESS_DOCUMENT.slice(0, 8)}${branch}`);

describe('establishments', () => {
  it('starts with the matriz and its default location, and the matriz follows the settings', async () => {
    const [matriz] = (await call('GET', '/api/establishments/v1')).json();
    expect(matriz).toMatchObject({ name: 'Matriz', document: '', status: 'active' });
    const locations = (await call('GET', `/api/locations/v1?establishmentId=${matriz.id}`)).json();
    expect(locations).toEqual([
      {
        id: matriz.defaultLocationId,
        establishmentId: matriz.id,
        name: 'Principal',
        isDefault: true,
        status: 'active',
      },
    ]);
    // before the business's CNPJ, no filial: its root is unknown
    const early = await call('POST', '/api/establishments/v1', {
      name: 'Filial Centro',
      document: filial('0002'),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('Configurações');

    await setBusiness(ctx.app, cookie, { businessStateRegistration: '110042490114' });
    expect((await call('GET', `/api/establishments/v1/${matriz.id}`)).json()).toMatchObject({
      document: TEST_BUSINESS_DOCUMENT,
      stateRegistration: '110042490114',
    });

    // the matriz's address in parts is the business's address: the printed line follows it, the text no longer wins
    const address = {
      street: 'Rua da Matriz',
      number: '1',
      district: 'Centro',
      city: 'Campinas',
      state: 'SP',
    };
    const edited = await call('PATCH', `/api/establishments/v1/${matriz.id}`, { address });
    expect(edited.statusCode, edited.body).toBe(200);
    const line = 'Rua da Matriz, 1 — Centro — Campinas/SP';
    expect((await call('GET', '/api/settings/v1')).json().businessAddress).toBe(line);
    await setBusiness(ctx.app, cookie, {
      businessStateRegistration: '110042490114',
      businessAddress: 'Um texto livre antigo',
    });
    expect((await call('GET', '/api/settings/v1')).json().businessAddress).toBe(line);
  });

  it('adds a filial of the same root with its own default location; refuses another root, a repeat and operators', async () => {
    const created = await call('POST', '/api/establishments/v1', {
      name: 'Filial Centro',
      document: filial('0002'),
      stateRegistration: '110042490122',
      address: { street: 'Rua Direita', number: '10', city: 'São Paulo', state: 'sp', zip: '01002-000' },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      name: 'Filial Centro',
      document: filial('0002'),
      address: { street: 'Rua Direita', state: 'SP', zip: '01002000' },
    });
    const [location] = (await call('GET', `/api/locations/v1?establishmentId=${body.id}`)).json();
    expect(location).toMatchObject({ id: body.defaultLocationId, name: 'Principal', isDefault: true });

    const otherRoot = await call('POST', '/api/establishments/v1', {
      name: 'Outra empresa',
      document: cnpjFromBase('998877660001'),
    });
    expect(otherRoot.statusCode).toBe(409);
    expect(otherRoot.json().message).toBe(
      'O CNPJ precisa ter a mesma raiz (11.222.333) dos outros estabelecimentos da empresa.',
    );
    const again = await call('POST', '/api/establishments/v1', { name: 'De novo', document: filial('0002') });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Já existe um estabelecimento com o CNPJ');
    const invalid = await call('POST', '/api/establishments/v1', {
      name: 'Errado',
      document: '11222333000299',
    });
    expect(invalid.statusCode).toBe(400);

    const operator = await createUser(ctx.app, cookie, { role: 'operator' });
    const operatorCookie = sessionCookieFrom(await login(ctx.app, operator.email, operator.password));
    const refused = await call(
      'POST',
      '/api/establishments/v1',
      { name: 'X', document: filial('0003') },
      operatorCookie,
    );
    expect(refused.statusCode).toBe(403);
    // anyone signed in reads them
    expect((await call('GET', '/api/establishments/v1', undefined, operatorCookie)).json()).toHaveLength(2);
  });

  it('keeps the root: the settings cannot move the matriz to another root while a filial exists', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/v1',
      headers: { cookie },
      payload: { businessName: 'Mercearia Boa Vista', businessDocument: cnpjFromBase('998877660001') },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('A raiz do CNPJ não pode mudar');
    const [matriz] = (await call('GET', '/api/establishments/v1')).json();
    expect(matriz.document).toBe(TEST_BUSINESS_DOCUMENT);
    expect(
      (await call('PATCH', `/api/establishments/v1/${matriz.id}`, { status: 'inactive' })).statusCode,
    ).toBe(409);
  });
});

describe('locations', () => {
  it('adds, renames, makes default, and deletes a location only when it holds nothing', async () => {
    const [matriz] = (await call('GET', '/api/establishments/v1')).json();
    const product = await createProduct(ctx.app, cookie);
    const unity = await defaultUnityId(ctx.app, cookie, product.id);
    await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unity,
      quantity: 5,
      unitCost: 2,
    });

    const deposit = await call('POST', '/api/locations/v1', { establishmentId: matriz.id, name: 'Depósito' });
    expect(deposit.statusCode).toBe(201);
    const depositId = deposit.json().id as number;
    expect(
      (await call('POST', '/api/locations/v1', { establishmentId: matriz.id, name: 'depósito' })).statusCode,
    ).toBe(409);
    const renamed = await call('PATCH', `/api/locations/v1/${depositId}`, { name: 'Depósito dos fundos' });
    expect(renamed.json()).toMatchObject({ name: 'Depósito dos fundos', isDefault: false });

    // the default cannot be deactivated nor deleted; another becomes default first
    const principal = matriz.defaultLocationId as number;
    expect((await call('PATCH', `/api/locations/v1/${principal}`, { status: 'inactive' })).statusCode).toBe(
      409,
    );
    expect((await call('DELETE', `/api/locations/v1/${principal}`)).statusCode).toBe(409);
    const moved = await call('PATCH', `/api/establishments/v1/${matriz.id}`, {
      defaultLocationId: depositId,
    });
    expect(moved.json().defaultLocationId).toBe(depositId);
    // Principal holds today's stock: it stays
    const holding = await call('DELETE', `/api/locations/v1/${principal}`);
    expect(holding.statusCode).toBe(409);
    expect(holding.json().message).toContain('já tem movimentações');
    await call('PATCH', `/api/establishments/v1/${matriz.id}`, { defaultLocationId: principal });

    expect((await call('DELETE', `/api/locations/v1/${depositId}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/locations/v1/${depositId}`)).statusCode).toBe(404);
    // a default location must be one of the establishment's own
    const [, branch] = (await call('GET', '/api/establishments/v1')).json();
    const elsewhere = await call('PATCH', `/api/establishments/v1/${matriz.id}`, {
      defaultLocationId: branch.defaultLocationId,
    });
    expect(elsewhere.statusCode).toBe(409);
  });
});
