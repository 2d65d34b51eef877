import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { cnpjFromBase, createProduct, defaultUnityId } from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { setBusiness, TEST_BUSINESS_DOCUMENT } from '../nfe-upload.ts';

/**
 * Stock exact at every date, per place (DESIGN.md §6.3): random dated entries, exits and transfers (inside an
 * establishment and between the two) across two establishments and three locations, posted once in date order and
 * once in a random order, give the same cost on every row, the same figures per establishment and per location, and
 * the same kardex.
 */

let ctx: TestContext;
let cookie: string;
/** A, B: the matriz's two locations; C: the filial's */
const places: Record<'A' | 'B' | 'C', number> = { A: 0, B: 0, C: 0 };
let matrizId = 0;
let filialId = 0;

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@propriedades.com.br', 'Pedro Propriedades'));
  await setBusiness(ctx.app, cookie);
  const [matriz] = (await call('GET', '/api/establishments/v1')).json();
  matrizId = matriz.id;
  places.A = matriz.defaultLocationId;
  places.B = (
    await call('POST', '/api/locations/v1', { establishmentId: matriz.id, name: 'Depósito' })
  ).json().id;
  const filial = (
    await call('POST', '/api/establishments/v1', {
      name: 'Filial',
      document: cnpjFromBase(`${TEST_BUSINESS_DOCUMENT.slice(0, 8)}0002`),
    })
  ).json();
  filialId = filial.id;
  places.C = filial.defaultLocationId;
});
afterAll(async () => {
  await assertLedgerInvariant(ctx.handle.db);
  await ctx.close();
});

type Place = 'A' | 'B' | 'C';
type Op =
  | { kind: 'in'; day: number; at: Place; quantity: number; unitCost: number }
  | { kind: 'out'; day: number; at: Place; quantity: number }
  | { kind: 'move'; day: number; from: Place; to: Place; quantity: number };

const dateOf = (day: number) => new Date(Date.UTC(2026, 5, 1) + day * 86_400_000).toISOString().slice(0, 10);

/** Exits and transfers that would take a place below zero by date become entries: the scenario is valid. */
function valid(ops: Op[]): Op[] {
  const held: Record<Place, number> = { A: 0, B: 0, C: 0 };
  return [...ops]
    .sort((a, b) => a.day - b.day)
    .map((op): Op => {
      const from = op.kind === 'out' ? op.at : op.kind === 'move' ? op.from : null;
      if (from && held[from] < op.quantity) {
        const at = op.kind === 'move' ? op.from : (op as { at: Place }).at;
        held[at] += op.quantity;
        return { kind: 'in', day: op.day, at, quantity: op.quantity, unitCost: 12_345 };
      }
      if (op.kind === 'in') held[op.at] += op.quantity;
      if (op.kind === 'out') held[op.at] -= op.quantity;
      if (op.kind === 'move') {
        held[op.from] -= op.quantity;
        held[op.to] += op.quantity;
      }
      return op;
    });
}

const place = fc.constantFrom<Place>('A', 'B', 'C');
const opArbitrary = fc.oneof(
  fc.record({
    kind: fc.constant('in' as const),
    at: place,
    quantity: fc.integer({ min: 1, max: 30 }),
    unitCost: fc.integer({ min: 1, max: 99_999 }),
  }),
  fc.record({ kind: fc.constant('out' as const), at: place, quantity: fc.integer({ min: 1, max: 20 }) }),
  fc
    .record({
      kind: fc.constant('move' as const),
      from: place,
      to: place,
      quantity: fc.integer({ min: 1, max: 20 }),
    })
    .filter((op) => op.from !== op.to),
);
const scenario = fc
  .array(opArbitrary, { minLength: 3, maxLength: 12 })
  .chain((raw) =>
    fc
      .uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: raw.length, maxLength: raw.length })
      .map((days) => valid(raw.map((op, i) => ({ ...op, day: days[i] ?? i }) as Op))),
  )
  .chain((ops) =>
    fc
      .shuffledSubarray(ops, { minLength: ops.length, maxLength: ops.length })
      .map((order) => ({ ops, order })),
  );

async function postOne(productId: number, unit: number, op: Op, tag: string) {
  const common = {
    productId,
    productUnityId: unit,
    quantity: op.quantity,
    occurredOn: dateOf(op.day),
    document: tag,
  };
  if (op.kind === 'in')
    return call('POST', '/api/stock/in/v1', {
      ...common,
      unitCost: op.unitCost / 100,
      locationId: places[op.at],
    });
  if (op.kind === 'out')
    return call('POST', '/api/stock/out/v1', { ...common, reason: 'venda', locationId: places[op.at] });
  return call('POST', '/api/stock/transfers/v1', {
    ...common,
    fromLocationId: places[op.from],
    toLocationId: places[op.to],
  });
}

/** Posts in `order`; what a date cannot take yet (its entries not in) is tried again after the others. */
async function postAll(productId: number, unit: number, order: Op[], tags: Map<Op, string>) {
  let queue = [...order];
  for (let round = 0; queue.length > 0; round++) {
    expect(round).toBeLessThanOrEqual(order.length);
    const refused: Op[] = [];
    for (const op of queue) {
      const response = await postOne(productId, unit, op, tags.get(op) ?? '');
      if (response.statusCode === 409 && response.json().code === 'INSUFFICIENT_STOCK') refused.push(op);
      else expect(response.statusCode, response.body).toBe(201);
    }
    queue = refused;
  }
}

/** Every row's cost by its operation's tag and direction, every figure per establishment and location, the kardex. */
async function figures(productId: number) {
  const rows: Record<string, string> = {};
  for (const direction of ['in', 'out']) {
    const list = (await call('GET', `/api/stock/${direction}/v1?productId=${productId}&pageSize=100`)).json()
      .data;
    for (const row of list) rows[`${row.document}:${direction}:${row.location.name}`] = row.totalCost;
  }
  const scopes = [
    `establishmentId=${matrizId}`,
    `establishmentId=${filialId}`,
    ...Object.values(places).map((id) => `locationId=${id}`),
  ];
  const balances: Record<string, unknown> = {};
  for (const scope of scopes) {
    const row = (await call('GET', `/api/stock/v1?${scope}&pageSize=100`))
      .json()
      .data.find((r: { product: { id: number } }) => r.product.id === productId);
    balances[scope] = row ? [row.quantity, row.totalValue] : null;
    const kardex = (
      await call('GET', `/api/products/v1/${productId}/kardex?from=2026-06-01&to=2026-08-31&${scope}`)
    ).json();
    balances[`kardex ${scope}`] = kardex.data.map((r: { balanceQuantity: string; balanceValue: string }) => [
      r.balanceQuantity,
      r.balanceValue,
    ]);
  }
  return { rows, balances };
}

describe('stock per place in any order', () => {
  it('gives the same costs and figures whatever order the dated operations are posted in', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ ops, order }) => {
        const tags = new Map(ops.map((op, i) => [op, `op-${i}`]));
        const inDateOrder = await createProduct(ctx.app, cookie);
        const shuffled = await createProduct(ctx.app, cookie);
        await postAll(inDateOrder.id, await defaultUnityId(ctx.app, cookie, inDateOrder.id), ops, tags);
        await postAll(shuffled.id, await defaultUnityId(ctx.app, cookie, shuffled.id), order, tags);
        expect(await figures(shuffled.id)).toEqual(await figures(inDateOrder.id));
      }),
      { numRuns: 10 },
    );
    await assertLedgerInvariant(ctx.handle.db);
  });
});
