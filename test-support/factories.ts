/**
 * Data builders shared by the API tests (through `app.inject`) and the browser tests (through `fetch` against the
 * running server). Each builder goes through the public HTTP API with a signed-in client, takes overrides and makes
 * every unique field unique on its own, so a test builds exactly what it needs and never leans on another's rows.
 */

export interface ClientResponse {
  status: number;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test code reads answers loosely, as a person reading JSON would
  json: () => any;
}

/** One HTTP call with the client's session (if any). */
export type Client = (method: string, url: string, payload?: unknown) => Promise<ClientResponse>;

type Body = Record<string, unknown>;

// A random start keeps runs against one long-lived server (the browser tests) from colliding.
let sequence = Math.floor(Math.random() * 40_000_000);
/** A number no other call in this process has had: for SKUs, e-mails and documents. */
export function unique(): number {
  sequence += 1;
  return sequence;
}

/** A GTIN-13 no other call has had, with its check digit (computed here, apart from the app's own check). */
export function uniqueGtin(): string {
  const body = `789${String(unique() % 1_000_000_000).padStart(9, '0')}`;
  const sum = [...body]
    .reverse()
    .reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export function uniqueEmail(prefix = 'pessoa'): string {
  return `${prefix}-${unique()}@teste.com.br`;
}

async function created(client: Client, url: string, payload: Body) {
  const response = await client('POST', url, payload);
  if (response.status !== 201) throw new Error(`${url} falhou (${response.status}): ${response.body}`);
  return response.json();
}

/** Valid CNPJs computed from a running number, so each supplier gets its own document. */
export function cnpjFor(n: number): string {
  return cnpjFromBase(`${String(n % 100_000_000).padStart(8, '0')}0001`);
}

/** A valid CNPJ from 12 characters (digits or, for the alphanumeric CNPJ, upper-case letters). */
export function cnpjFromBase(base: string): string {
  // IN RFB 2.229/2024: each character counts as its code minus 48, so digits keep their value.
  const values = [...base].map((char) => char.charCodeAt(0) - 48);
  const digit = (weights: number[], digits: number[]) => {
    const rest = digits.reduce((sum, d, i) => sum + d * (weights[i] ?? 0), 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit([5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], values);
  const second = digit([6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [...values, first]);
  return `${base}${first}${second}`;
}

async function idByCode(client: Client, url: string, code: string, what: string): Promise<number> {
  const rows = (await client('GET', url)).json() as Array<{ id: number; code: string }>;
  const row = rows.find((item) => item.code === code);
  if (!row) throw new Error(`${what} ${code} não existe`);
  return row.id;
}

export const unityId = (client: Client, code: string) => idByCode(client, '/api/unities/v1', code, 'unidade');
export const batchId = (client: Client, code: string) =>
  idByCode(client, '/api/unity-batches/v1', code, 'embalagem');

export async function createProduct(client: Client, overrides: Body = {}) {
  const n = unique();
  return created(client, '/api/products/v1', {
    sku: `SKU-${n}`,
    name: `Produto ${n}`,
    categoryId: 1,
    baseUnityId: overrides.baseUnityId ?? (await unityId(client, 'UN')),
    ...overrides,
  });
}

export async function createCategory(client: Client, name = `Categoria ${unique()}`) {
  return created(client, '/api/categories/v1', { name });
}

export async function createBox(client: Client, productId: number, quantity: number | string = 12) {
  return created(client, `/api/products/v1/${productId}/unity/v1`, {
    unityId: await unityId(client, 'CX'),
    unityBatchId: await batchId(client, 'CAIXA'),
    quantity,
  });
}

export async function createSupplier(client: Client, overrides: Body = {}) {
  const n = unique();
  return created(client, '/api/suppliers/v1', {
    name: `Fornecedor ${n} Ltda`,
    document: cnpjFor(n),
    ...overrides,
  });
}

export async function defaultUnityId(client: Client, productId: number): Promise<number> {
  const select = (await client('GET', `/api/products/v1/${productId}/unity/v1/select`)).json() as Array<{
    id: number;
    isDefault: boolean;
  }>;
  const unity = select.find((item) => item.isDefault);
  if (!unity) throw new Error('produto sem unidade padrão');
  return unity.id;
}

export const stockIn = (client: Client, payload: Body) => created(client, '/api/stock/in/v1', payload);
export const stockOut = (client: Client, payload: Body) => created(client, '/api/stock/out/v1', payload);

export const TEST_PASSWORD = 'senha-segura-123';

export interface UserOverrides {
  name?: string;
  email?: string;
  password?: string;
  status?: 'pending' | 'active' | 'disabled';
  role?: 'admin' | 'operator';
}

/**
 * A registered account, approved (or left pending, or disabled) and given its role by the admin behind `admin`.
 * Answers what a test needs to sign in as it.
 */
export async function createUser(admin: Client, overrides: UserOverrides = {}) {
  const email = overrides.email ?? uniqueEmail('usuario');
  const password = overrides.password ?? TEST_PASSWORD;
  const name = overrides.name ?? 'Pessoa de Teste';
  const id = (await created(admin, '/api/auth/v1/register', { name, email, password })).user.id as number;
  const status = overrides.status ?? 'active';
  const change: Body = {};
  if (status !== 'pending') change.status = status;
  if (overrides.role && overrides.role !== 'operator') change.role = overrides.role;
  if (Object.keys(change).length > 0) {
    const response = await admin('PATCH', `/api/users/${id}`, change);
    if (response.status !== 200) throw new Error(`aprovação falhou (${response.status}): ${response.body}`);
  }
  return { id, email, password, name };
}
