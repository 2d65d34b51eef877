import type { App } from '../src/app.ts';
import type { Db } from '../src/db/database.ts';
import { sortKey } from '../src/lib/text.ts';
import * as shared from '../../../test-support/factories.ts';
import type { Client, UserOverrides } from '../../../test-support/factories.ts';

export { cnpjFor, cnpjFromBase, unique, uniqueEmail, uniqueGtin } from '../../../test-support/factories.ts';

type Body = Record<string, unknown>;

/** The shared builders' client over `app.inject`, signed in with `cookie` (or anonymous). */
export function injectClient(app: App, cookie?: string): Client {
  return async (method, url, payload) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Body }),
    });
    return { status: response.statusCode, body: response.body, json: () => response.json() };
  };
}

export const unityId = (app: App, cookie: string, code: string) =>
  shared.unityId(injectClient(app, cookie), code);

export const batchId = (app: App, cookie: string, code: string) =>
  shared.batchId(injectClient(app, cookie), code);

export const createProduct = (app: App, cookie: string, overrides: Body = {}) =>
  shared.createProduct(injectClient(app, cookie), overrides);

export const createCategory = (app: App, cookie: string, name?: string) =>
  shared.createCategory(injectClient(app, cookie), name);

export const createBox = (app: App, cookie: string, productId: number, quantity: number | string = 12) =>
  shared.createBox(injectClient(app, cookie), productId, quantity);

export const createSupplier = (app: App, cookie: string, overrides: Body = {}) =>
  shared.createSupplier(injectClient(app, cookie), overrides);

export const defaultUnityId = (app: App, cookie: string, productId: number) =>
  shared.defaultUnityId(injectClient(app, cookie), productId);

export const stockIn = (app: App, cookie: string, payload: Body) =>
  shared.stockIn(injectClient(app, cookie), payload);

export const stockOut = (app: App, cookie: string, payload: Body) =>
  shared.stockOut(injectClient(app, cookie), payload);

/** An account registered and set up by the admin signed in with `adminCookie` (active operator by default). */
export const createUser = (app: App, adminCookie: string, overrides: UserOverrides = {}) =>
  shared.createUser(injectClient(app, adminCookie), overrides);

/** A category with a unique name written straight to the database (a count's scope), its id. */
export async function insertCategory(db: Db): Promise<number> {
  const name = `Seção ${shared.unique()}`;
  const row = await db
    .insertInto('categories')
    .values({ name, name_sort: sortKey(name) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
