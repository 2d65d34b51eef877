import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { createBox, createProduct, defaultUnityId, unityId } from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { monthReport } from '../../src/domain/movements/report-data.ts';
import { todayIn } from '../../src/lib/dates.ts';
import { entriesFirstWithinADay } from '../../src/db/migrations/017-entries-first-within-a-day.ts';

/**
 * The property that defines "stock exact at every date": posting the same dated movements in any order
 * gives the same per-row costs, balances, kardex and monthly figures — and the ones an independent model
 * of the weighted moving average computes by date.
 */

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@datas.com.br', 'Dora Datas'));
});
afterAll(async () => {
  await assertLedgerInvariant(ctx.handle.db);
  await ctx.close();
});

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

interface Op {
  /** a date holds at most one entry and one exit: within a date entries go first, then posting order (decision 0044) */
  day: number;
  direction: 'in' | 'out';
  /** thousandths, in the chosen package */
  quantity: number;
  /** ten-thousandths of a real per package */
  unitCost: number;
  boxed: boolean;
}

const dateOf = (day: number) => new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
const decimal = (value: bigint, scale: number) => {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
};
const half = (n: bigint, d: bigint) => (n >= 0n ? (2n * n + d) / (2n * d) : -((2n * -n + d) / (2n * d)));

/** Ledger order of the model: by date, an entry before an exit of the same date. */
const byDate = (a: Op, b: Op) =>
  a.day - b.day || (a.direction === b.direction ? 0 : a.direction === 'in' ? -1 : 1);

/** The model: by date, an exit takes round_half_up(value × q ÷ Q), or everything when it takes everything. */
function model(ops: Op[], perBox: bigint) {
  let quantity = 0n;
  let value = 0n;
  const exits = new Map<number, bigint>();
  const sorted = ops.map((op, index) => ({ op, index })).sort((a, b) => byDate(a.op, b.op));
  for (const { op, index } of sorted) {
    const base = (BigInt(op.quantity) * (op.boxed ? perBox : 1000n)) / 1000n;
    if (op.direction === 'in') {
      quantity += base;
      value += half(BigInt(op.quantity) * BigInt(op.unitCost), 1000n);
    } else {
      const cost = base === quantity ? value : half(value * base, quantity);
      exits.set(index, cost);
      quantity -= base;
      value -= cost;
    }
  }
  return { quantity, value, exits };
}

/** Random dated movements that never go negative by date (exits trimmed to what the date has). */
const opsArbitrary = fc
  .array(
    fc.record({
      direction: fc.constantFrom('in', 'in', 'out') as fc.Arbitrary<'in' | 'out'>,
      // whole units or boxes, and fractional kilos
      quantity: fc.integer({ min: 1, max: 40 }).map((n) => n * 1000),
      fraction: fc.integer({ min: 0, max: 999 }),
      unitCost: fc.integer({ min: 1, max: 999_999 }),
      boxed: fc.boolean(),
    }),
    { minLength: 2, maxLength: 14 },
  )
  .chain((raw) =>
    fc
      // two slots per date: an entry and an exit may share a date
      .uniqueArray(fc.integer({ min: 0, max: 121 }), { minLength: raw.length, maxLength: raw.length })
      .map((slots) => ({
        raw,
        days: slots.map((slot) => Math.floor(slot / 2)),
      })),
  );

function normalize(
  raw: { direction: 'in' | 'out'; quantity: number; fraction: number; unitCost: number; boxed: boolean }[],
  days: number[],
  fractional: boolean,
  perBox: bigint,
): Op[] {
  const ops: Op[] = raw.map((item, i) => ({
    day: days[i] ?? i,
    direction: item.direction,
    quantity: fractional && !item.boxed ? item.quantity + item.fraction : item.quantity,
    unitCost: item.unitCost,
    boxed: item.boxed,
  }));
  // Trim exits by date so no date goes below zero.
  let running = 0n;
  for (const op of [...ops].sort(byDate)) {
    const base = (BigInt(op.quantity) * (op.boxed ? perBox : 1000n)) / 1000n;
    if (op.direction === 'in') running += base;
    else if (base > running) op.direction = 'in';
    else running -= base;
  }
  // Two entries or two exits left on one date: an exit moves to a later date of its own, an entry to an earlier one
  // (neither can take a date below zero).
  const taken = new Set<string>();
  for (const [i, op] of ops.entries()) {
    const key = `${op.day}-${op.direction}`;
    if (taken.has(key)) op.day = op.direction === 'out' ? 302 + i : -1 - i;
    taken.add(`${op.day}-${op.direction}`);
  }
  return ops;
}

async function postAll(
  order: Op[],
  ids: { productId: number; unit: number; box: number },
  tags: Map<Op, string>,
) {
  // Any order: an exit that meets no stock yet (its entries not posted) is refused with nothing written,
  // and tried again after the others.
  let queue = [...order];
  for (let round = 0; queue.length > 0; round++) {
    expect(round).toBeLessThan(order.length + 1);
    const refused: Op[] = [];
    for (const op of queue) {
      const body = {
        productId: ids.productId,
        productUnityId: op.boxed ? ids.box : ids.unit,
        quantity: decimal(BigInt(op.quantity), 3),
        occurredOn: dateOf(op.day),
        document: tags.get(op),
        ...(op.direction === 'in' ? { unitCost: decimal(BigInt(op.unitCost), 4) } : { reason: 'venda' }),
      };
      const response = await inject('POST', `/api/stock/${op.direction}/v1`, body);
      if (response.statusCode === 409 && response.json().code === 'INSUFFICIENT_STOCK') refused.push(op);
      else expect(response.statusCode, response.body).toBe(201);
    }
    queue = refused;
  }
}

async function snapshot(productId: number) {
  const rows = [];
  for (const direction of ['in', 'out'] as const) {
    const list = (
      await inject('GET', `/api/stock/${direction}/v1?productId=${productId}&pageSize=100`)
    ).json();
    for (const entry of list.data)
      rows.push({
        document: entry.document,
        direction,
        totalCost: entry.totalCost,
        unitCost: entry.unitCost,
      });
  }
  rows.sort((a, b) => String(a.document).localeCompare(String(b.document)));
  const kardex = (
    await inject('GET', `/api/products/v1/${productId}/kardex?from=2025-01-01&to=2026-12-31`)
  ).json();
  const stock = (await inject('GET', `/api/products/v1/${productId}`)).json().stock;
  const months = [];
  for (let month = 1; month <= 11; month++) {
    const report = await monthReport(ctx.handle.db, 2026, month);
    const line = report.categories.flatMap((c) => c.lines).find((l) => l.name === kardex.product.name);
    months.push(
      line
        ? {
            opening: line.opening,
            entries: line.entries,
            exits: line.exits,
            closing: line.closing,
            value: line.closingValue,
          }
        : null,
    );
  }
  return {
    rows,
    kardex: kardex.data.map((row: Record<string, unknown>) => ({
      ...row,
      id: undefined,
      createdAt: undefined,
    })),
    closing: kardex.closing,
    stock: { quantity: stock.quantity, totalValue: stock.totalValue, averageCost: stock.averageCost },
    months,
  };
}

describe('valuation by date', () => {
  it('gives the same costs, balances, kardex and monthly figures in any posting order, equal to the model', async () => {
    const kg = await unityId(ctx.app, cookie, 'KG');
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        opsArbitrary,
        fc.boolean(),
        fc.infiniteStream(fc.nat()),
        async ({ raw, days }, fractional, seeds) => {
          run += 1;
          const perBox = 12_000n;
          const makeProduct = async (suffix: string) => {
            const product = await createProduct(ctx.app, cookie, {
              sku: `PROP-${run}-${suffix}`,
              name: `Propriedade ${run} ${suffix}`,
              ...(fractional ? { baseUnityId: kg } : {}),
            });
            const box = await createBox(ctx.app, cookie, product.id, 12);
            return {
              productId: product.id as number,
              box: box.id as number,
              unit: await defaultUnityId(ctx.app, cookie, product.id),
            };
          };
          const ops = normalize(raw, days, fractional, perBox);
          const tags = new Map(ops.map((op, i) => [op, `op-${String(i).padStart(2, '0')}`]));
          const shuffled = () => {
            const order = [...ops];
            const it = seeds[Symbol.iterator]();
            for (let i = order.length - 1; i > 0; i--) {
              const j = (it.next().value as number) % (i + 1);
              [order[i], order[j]] = [order[j] as Op, order[i] as Op];
            }
            return order;
          };
          const chronological = [...ops].sort(byDate);
          const a = await makeProduct('A');
          const b = await makeProduct('B');
          await postAll(chronological, a, tags);
          await postAll(shuffled(), b, tags);
          const [sa, sb] = [await snapshot(a.productId), await snapshot(b.productId)];
          expect(sb.rows).toEqual(sa.rows);
          expect(sb.kardex).toEqual(sa.kardex);
          expect(sb.stock).toEqual(sa.stock);
          expect(sb.months.map((m) => m && { ...m })).toEqual(sa.months);

          const expected = model(ops, perBox);
          expect(sa.stock.quantity).toBe(decimal(expected.quantity, 3));
          expect(sa.stock.totalValue).toBe(decimal(expected.value, 4));
          for (const [index, cost] of expected.exits) {
            const row = sa.rows.find((r) => r.document === `op-${String(index).padStart(2, '0')}`);
            expect(row?.totalCost).toBe(decimal(cost, 4));
          }
        },
      ),
      { numRuns: process.env.TEST_DATABASE_URL ? 12 : 25 },
    );
    const integrity = (await inject('GET', '/api/stock/v1/integrity')).json();
    expect(integrity).toMatchObject({ ok: true, mismatches: [] });
    expect(integrity.products).toBeGreaterThan(0);
  }, 240_000);
});

describe('entries and exits of the same date (decision 0044)', () => {
  const today = todayIn('America/Sao_Paulo');
  const post = async (
    productId: number,
    unit: number,
    direction: 'in' | 'out',
    date: string,
    body: object,
  ) => {
    const response = await inject('POST', `/api/stock/${direction}/v1`, {
      productId,
      productUnityId: unit,
      occurredOn: date,
      ...(direction === 'out' ? { reason: 'venda' } : {}),
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const figures = async (productId: number, from: string) => {
    const kardex = (
      await inject('GET', `/api/products/v1/${productId}/kardex?from=${from}&to=${today}`)
    ).json();
    return {
      rows: kardex.data.map((row: Record<string, unknown>) => [
        row.occurredOn,
        row.direction,
        row.totalCost,
        row.balanceQuantity,
        row.balanceValue,
      ]),
      stock: await inject('GET', `/api/products/v1/${productId}`).then((response) => {
        const { quantity, totalValue, averageCost } = response.json().stock;
        return { quantity, totalValue, averageCost };
      }),
    };
  };

  it('values an exit after every entry of its date, whichever was typed first', async () => {
    const products = [];
    for (const order of ['entry first', 'exit first']) {
      const product = await createProduct(ctx.app, cookie, { name: `Mesmo dia, ${order}` });
      const unit = await defaultUnityId(ctx.app, cookie, product.id);
      await post(product.id, unit, 'in', '2026-08-03', { quantity: 10, unitCost: '10' });
      const exit = () => post(product.id, unit, 'out', '2026-08-04', { quantity: 10 });
      const entry = () => post(product.id, unit, 'in', '2026-08-04', { quantity: 10, unitCost: '20' });
      if (order === 'entry first') await entry().then(exit);
      else await exit().then(entry);
      products.push(await figures(product.id, '2026-08-01'));
    }
    const [typedEntryFirst, typedExitFirst] = products;
    expect(typedExitFirst).toEqual(typedEntryFirst);
    expect(typedEntryFirst?.rows).toEqual([
      ['2026-08-03', 'in', '100.0000', '10.000', '100.0000'],
      ['2026-08-04', 'in', '200.0000', '20.000', '300.0000'],
      ['2026-08-04', 'out', '150.0000', '10.000', '150.0000'],
    ]);
    const atDate = (
      await inject('GET', `/api/stock/v1?date=2026-08-04&q=${encodeURIComponent('Mesmo dia')}`)
    ).json();
    expect(atDate.data.map((row: { totalValue: string }) => row.totalValue)).toEqual([
      '150.0000',
      '150.0000',
    ]);
  });

  it("puts today's entry before today's exits even when the exit was posted first", async () => {
    const product = await createProduct(ctx.app, cookie, { name: 'Mesmo dia, hoje' });
    const unit = await defaultUnityId(ctx.app, cookie, product.id);
    await post(product.id, unit, 'in', today, { quantity: 10, unitCost: '10' });
    const exit = await post(product.id, unit, 'out', today, { quantity: 5 });
    expect(exit.totalCost).toBe('50.0000');
    await post(product.id, unit, 'in', today, { quantity: 10, unitCost: '20' });
    const { rows, stock } = await figures(product.id, today);
    expect(rows.map((row: unknown[]) => [row[1], row[2]])).toEqual([
      ['in', '100.0000'],
      ['in', '200.0000'],
      ['out', '75.0000'],
    ]);
    expect(stock).toEqual({ quantity: '15.000', totalValue: '225.0000', averageCost: '15.0000' });
    const integrity = (await inject('GET', '/api/stock/v1/integrity')).json();
    expect(integrity).toMatchObject({ ok: true, mismatches: [] });
  });
});

describe('migration 017: ledgers posted in the old order', () => {
  it('rewrites the figures of a date whose exit was posted before its entry, and nothing else', async () => {
    const product = await createProduct(ctx.app, cookie, { name: 'Ordem antiga' });
    const unit = await defaultUnityId(ctx.app, cookie, product.id);
    const body = { productId: product.id, productUnityId: unit };
    const first = await inject('POST', '/api/stock/in/v1', {
      ...body,
      quantity: 10,
      unitCost: '10',
      occurredOn: '2026-07-03',
    });
    const exit = await inject('POST', '/api/stock/out/v1', {
      ...body,
      quantity: 10,
      reason: 'venda',
      occurredOn: '2026-07-04',
    });
    const second = await inject('POST', '/api/stock/in/v1', {
      ...body,
      quantity: 10,
      unitCost: '20',
      occurredOn: '2026-07-04',
    });
    // What the old order (date, id) had stored: the exit took the first entry whole, the second entry came after it.
    const db = ctx.handle.db;
    const legacy: Array<[number, string, string, string | null]> = [
      [first.json().id, '10000', '1000000', null],
      [exit.json().id, '0', '0', '1000000'],
      [second.json().id, '10000', '2000000', null],
    ];
    for (const [id, quantity, value, cost] of legacy) {
      await db
        .updateTable('stock_ledger')
        .set({
          balance_quantity: quantity,
          balance_value: value,
          ...(cost ? { total_cost: cost, unit_cost: cost } : {}),
        })
        .where('id', '=', id)
        .execute();
    }
    await db
      .updateTable('stock_balances')
      .set({ total_value: '2000000', average_cost: '200000' })
      .where('product_id', '=', product.id)
      .execute();
    const before = (await inject('GET', '/api/stock/v1/integrity')).json();
    expect(before.mismatches.map((m: { productId: number }) => m.productId)).toContain(product.id);

    await entriesFirstWithinADay().up(db);

    const after = (await inject('GET', '/api/stock/v1/integrity')).json();
    expect(after).toMatchObject({ ok: true, mismatches: [] });
    const kardex = (
      await inject('GET', `/api/products/v1/${product.id}/kardex?from=2026-07-01&to=2026-07-31`)
    ).json();
    expect(
      kardex.data.map((row: { direction: string; totalCost: string }) => [row.direction, row.totalCost]),
    ).toEqual([
      ['in', '100.0000'],
      ['in', '200.0000'],
      ['out', '150.0000'],
    ]);
    expect(kardex.closing).toEqual({ quantity: '10.000', averageCost: '15.0000', totalValue: '150.0000' });
  });
});
