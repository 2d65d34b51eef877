import type { App } from '../src/app.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

type Body = Record<string, unknown>;

async function post(app: App, cookie: string, url: string, payload: Body) {
  const response = await app.inject({ method: 'POST', url, headers: { cookie }, payload });
  if (response.statusCode !== 201)
    throw new Error(`${url} falhou (${response.statusCode}): ${response.body}`);
  return response.json();
}

export async function unityId(app: App, cookie: string, code: string): Promise<number> {
  const unities = (await app.inject({ url: '/api/unities/v1', headers: { cookie } })).json() as Array<{
    id: number;
    code: string;
  }>;
  const unity = unities.find((item) => item.code === code);
  if (!unity) throw new Error(`unidade ${code} não existe`);
  return unity.id;
}

export async function batchId(app: App, cookie: string, code: string): Promise<number> {
  const batches = (await app.inject({ url: '/api/unity-batches/v1', headers: { cookie } })).json() as Array<{
    id: number;
    code: string;
  }>;
  const batch = batches.find((item) => item.code === code);
  if (!batch) throw new Error(`embalagem ${code} não existe`);
  return batch.id;
}

export async function createProduct(app: App, cookie: string, overrides: Body = {}) {
  const n = next();
  return post(app, cookie, '/api/products/v1', {
    sku: `SKU-${n}`,
    name: `Produto ${n}`,
    categoryId: 1,
    baseUnityId: await unityId(app, cookie, 'UN'),
    ...overrides,
  });
}

export async function createBox(app: App, cookie: string, productId: number, quantity: number | string = 12) {
  return post(app, cookie, `/api/products/v1/${productId}/unity/v1`, {
    unityId: await unityId(app, cookie, 'CX'),
    unityBatchId: await batchId(app, cookie, 'CAIXA'),
    quantity,
  });
}

/** Valid CNPJs computed from a running number, so each supplier gets its own document. */
export function cnpjFor(n: number): string {
  const base = `${String(n).padStart(8, '0')}0001`;
  const values = [...base].map(Number);
  const digit = (weights: number[], digits: number[]) => {
    const rest = digits.reduce((sum, d, i) => sum + d * (weights[i] ?? 0), 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit([5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], values);
  const second = digit([6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [...values, first]);
  return `${base}${first}${second}`;
}

export async function createSupplier(app: App, cookie: string, overrides: Body = {}) {
  const n = next();
  return post(app, cookie, '/api/suppliers/v1', {
    name: `Fornecedor ${n} Ltda`,
    document: cnpjFor(1000 + n),
    ...overrides,
  });
}

export async function defaultUnityId(app: App, cookie: string, productId: number): Promise<number> {
  const select = (
    await app.inject({ url: `/api/products/v1/${productId}/unity/v1/select`, headers: { cookie } })
  ).json() as Array<{ id: number; isDefault: boolean }>;
  const unity = select.find((item) => item.isDefault);
  if (!unity) throw new Error('produto sem unidade padrão');
  return unity.id;
}

export async function stockIn(app: App, cookie: string, payload: Body) {
  return post(app, cookie, '/api/stock/in/v1', payload);
}
