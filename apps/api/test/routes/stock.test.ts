import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { createBox, createProduct, createSupplier, defaultUnityId, stockIn, unityId } from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { toBigInt } from '../../src/db/database.ts';
import { todayIn } from '../../src/lib/dates.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@estoque.com.br', 'Estela Estoquista'));
});
afterAll(async () => {
  await assertLedgerInvariant(ctx.handle.db);
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });
const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });

async function productWithBox(overrides: Record<string, unknown> = {}) {
  const product = await createProduct(ctx.app, cookie, {
    name: 'Refrigerante Lata 350 ml',
    minStock: 10,
    ...overrides,
  });
  const box = await createBox(ctx.app, cookie, product.id, 12);
  const unit = await defaultUnityId(ctx.app, cookie, product.id);
  return { product, box, unit };
}

describe('entries and exits', () => {
  it('receives boxes, issues units and keeps exact balances at the moving average', async () => {
    const supplier = await createSupplier(ctx.app, cookie, { name: 'Bebidas Brasil Ltda' });
    const { product, box, unit } = await productWithBox();

    const entry = await post('/api/stock/in/v1', {
      productId: product.id,
      productUnityId: box.id,
      quantity: 2,
      unitCost: '120.00',
      supplierId: supplier.id,
      occurredOn: '2026-03-10',
      document: 'NF 1234',
      notes: 'Primeira compra',
    });
    expect(entry.statusCode).toBe(201);
    expect(entry.json()).toEqual({
      id: expect.any(Number),
      direction: 'in',
      occurredOn: '2026-03-10',
      product: { id: product.id, sku: product.sku, name: 'Refrigerante Lata 350 ml' },
      productUnity: { id: box.id, label: 'Caixa c/ 12 UN' },
      quantity: '2.000',
      baseQuantity: '24.000',
      baseUnity: 'UN',
      unitCost: '120.0000',
      totalCost: '240.0000',
      supplier: { id: supplier.id, name: 'Bebidas Brasil Ltda' },
      reason: null,
      document: 'NF 1234',
      notes: 'Primeira compra',
      stockMovementId: null,
      source: 'manual',
      createdBy: { id: expect.any(Number), name: 'Estela Estoquista' },
      createdAt: expect.any(String),
      cancelledAt: null,
      cancelledBy: null,
      cancelReason: null,
      // named no location: the matriz's default one (DESIGN.md §6.3)
      location: { id: expect.any(Number), name: 'Principal' },
      transferId: null,
    });

    await post('/api/stock/in/v1', {
      productId: product.id,
      productUnityId: unit,
      quantity: 6,
      unitCost: '13',
    });
    // 24 × 10 + 6 × 13 = 318 for 30 units → average 10,60
    const exit = await post('/api/stock/out/v1', {
      productId: product.id,
      productUnityId: unit,
      quantity: 5,
      reason: 'venda',
      document: 'Cupom 77',
    });
    expect(exit.statusCode).toBe(201);
    expect(exit.json()).toMatchObject({
      direction: 'out',
      quantity: '5.000',
      baseQuantity: '5.000',
      unitCost: '10.6000',
      totalCost: '53.0000',
      reason: 'venda',
      supplier: null,
    });

    const detail = (await get(`/api/products/v1/${product.id}`)).json();
    expect(detail.stockQuantity).toBe('25.000');
    expect(detail.stock).toMatchObject({
      quantity: '25.000',
      averageCost: '10.6000',
      totalValue: '265.0000',
    });
    const list = (await get(`/api/products/v1?q=${product.sku}`)).json();
    expect(list.data[0].stockQuantity).toBe('25.000');

    const stock = (await get(`/api/stock/v1?q=${product.sku}`)).json();
    expect(stock.data[0]).toEqual({
      product: { id: product.id, sku: product.sku, name: 'Refrigerante Lata 350 ml' },
      category: { id: 1, name: expect.any(String) },
      unity: { id: expect.any(Number), code: 'UN', name: 'Unidade' },
      status: 'active',
      quantity: '25.000',
      sentQuantity: '0.000',
      heldQuantity: '0.000',
      minStock: '10.000',
      averageCost: '10.6000',
      totalValue: '265.0000',
      belowMinimum: false,
      lastMovementAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
      // moved today (the business's date): the day of its last movement
      lastMovementOn: todayIn('America/Sao_Paulo'),
      locations: [
        {
          id: expect.any(Number),
          name: 'Principal',
          establishmentId: expect.any(Number),
          quantity: '25.000',
        },
      ],
    });
    await assertLedgerInvariant(ctx.handle.db);
  });

  it('refuses an exit above the balance with 409 INSUFFICIENT_STOCK naming both quantities, and changes nothing', async () => {
    const { product, box, unit } = await productWithBox({ name: 'Água Mineral' });
    await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: 10,
      unitCost: 1,
    });
    const before = (await get(`/api/products/v1/${product.id}`)).json().stock;
    const response = await post('/api/stock/out/v1', {
      productId: product.id,
      productUnityId: box.id,
      quantity: 1,
      reason: 'venda',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: expect.stringMatching(
        /^Em \d{2}\/\d{2}\/\d{4} o saldo de Água Mineral ficaria negativo: disponível 10 UN, solicitado 12 UN\.$/,
      ),
      // the figures as the API writes quantities, for a client to act on
      available: '10.000',
      requested: '12.000',
      unity: 'UN',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect((await get(`/api/products/v1/${product.id}`)).json().stock).toEqual(before);
    const exits = (await get(`/api/stock/out/v1?productId=${product.id}`)).json();
    expect(exits.total).toBe(0);
  });

  it('takes the whole value when the whole balance leaves', async () => {
    const { product, unit } = await productWithBox({ name: 'Terços' });
    await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: 3,
      unitCost: '33.3333',
    });
    await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: 1,
      unitCost: '0.0002',
    });
    for (const quantity of [1, 2, 1])
      await post('/api/stock/out/v1', {
        productId: product.id,
        productUnityId: unit,
        quantity,
        reason: 'consumo',
      });
    expect((await get(`/api/products/v1/${product.id}`)).json().stock).toMatchObject({
      quantity: '0.000',
      totalValue: '0.0000',
      averageCost: '0.0000',
    });
  });

  it('validates in Portuguese: fractions, unknown or foreign packages, inactive records, future dates, reasons', async () => {
    const { product, box, unit } = await productWithBox({ name: 'Validações' });
    const other = await productWithBox({ name: 'Outro' });
    const kg = await createProduct(ctx.app, cookie, {
      name: 'Queijo',
      baseUnityId: await unityId(ctx.app, cookie, 'KG'),
    });
    const kgUnit = await defaultUnityId(ctx.app, cookie, kg.id);
    const inactiveSupplier = await createSupplier(ctx.app, cookie);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/suppliers/v1/${inactiveSupplier.id}`,
      headers: { cookie },
      payload: { status: 'inactive' },
    });

    const cases: Array<[string, object, RegExp]> = [
      [
        '/api/stock/in/v1',
        { productId: product.id, productUnityId: box.id, quantity: '1.5', unitCost: 1 },
        /inteira/,
      ],
      [
        '/api/stock/in/v1',
        { productId: product.id, productUnityId: unit, quantity: '0.5', unitCost: 1 },
        /inteira/,
      ],
      [
        '/api/stock/in/v1',
        { productId: product.id, productUnityId: other.box.id, quantity: 1, unitCost: 1 },
        /não pertence/,
      ],
      [
        '/api/stock/in/v1',
        { productId: 99999, productUnityId: unit, quantity: 1, unitCost: 1 },
        /Produto não encontrado/,
      ],
      [
        '/api/stock/in/v1',
        {
          productId: product.id,
          productUnityId: unit,
          quantity: 1,
          unitCost: 1,
          supplierId: inactiveSupplier.id,
        },
        /inativo/,
      ],
      [
        '/api/stock/in/v1',
        { productId: product.id, productUnityId: unit, quantity: 1, unitCost: 1, occurredOn: '2999-01-01' },
        /futura/,
      ],
      [
        '/api/stock/in/v1',
        { productId: product.id, productUnityId: unit, quantity: 0, unitCost: 1 },
        /maior que zero/,
      ],
      [
        '/api/stock/in/v1',
        { productId: product.id, productUnityId: unit, quantity: 1, unitCost: -1 },
        /no mínimo/,
      ],
      [
        '/api/stock/in/v1',
        { productId: product.id, productUnityId: unit, quantity: 1 },
        /Custo unitário: Campo obrigatório/,
      ],
      [
        '/api/stock/in/v1',
        { productId: product.id, productUnityId: unit, quantity: 1, unitCost: 1, document: 'x'.repeat(61) },
        /Máximo de 60/,
      ],
      [
        '/api/stock/out/v1',
        { productId: product.id, productUnityId: unit, quantity: 1, reason: 'roubo' },
        /Motivo inválido/,
      ],
      [
        '/api/stock/out/v1',
        { productId: product.id, productUnityId: unit, quantity: 1 },
        /Motivo: Campo obrigatório/,
      ],
    ];
    for (const [url, payload, message] of cases) {
      const response = await post(url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toMatch(message);
    }
    const fractional = await post('/api/stock/in/v1', {
      productId: kg.id,
      productUnityId: kgUnit,
      quantity: '1.255',
      unitCost: '42.9',
    });
    expect(fractional.statusCode).toBe(201);
    expect(fractional.json()).toMatchObject({ baseQuantity: '1.255', totalCost: '53.8395' });

    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/v1/${product.id}`,
      headers: { cookie },
      payload: { status: 'inactive' },
    });
    const inactive = await post('/api/stock/in/v1', {
      productId: product.id,
      productUnityId: unit,
      quantity: 1,
      unitCost: 1,
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toMatch(/inativo/);
  });
});

describe('lists', () => {
  it('lists entries and exits newest first with date, product and supplier filters', async () => {
    const supplier = await createSupplier(ctx.app, cookie);
    const { product, unit } = await productWithBox({ name: 'Filtros' });
    for (const day of ['2026-01-05', '2026-01-20', '2026-02-02']) {
      await stockIn(ctx.app, cookie, {
        productId: product.id,
        productUnityId: unit,
        quantity: 1,
        unitCost: 1,
        occurredOn: day,
        supplierId: supplier.id,
      });
    }
    const all = (await get(`/api/stock/in/v1?page=1&productId=${product.id}`)).json();
    expect(all.data.map((e: { occurredOn: string }) => e.occurredOn)).toEqual([
      '2026-02-02',
      '2026-01-20',
      '2026-01-05',
    ]);
    const january = (
      await get(`/api/stock/in/v1?productId=${product.id}&from=2026-01-01&to=2026-01-31`)
    ).json();
    expect(january.total).toBe(2);
    expect((await get(`/api/stock/in/v1?supplierId=${supplier.id}`)).json().total).toBe(3);
    expect((await get('/api/stock/in/v1?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await get('/api/stock/out/v1?from=2026-13-01')).statusCode).toBe(400);
  });

  it('lists balances with the below-minimum filter, totals and the dashboard summary', async () => {
    const { product, unit } = await productWithBox({ name: 'Abaixo do Mínimo', minStock: 5 });
    await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: 2,
      unitCost: '2.5',
    });
    const below = (await get('/api/stock/v1?belowMinimum=true&pageSize=100')).json();
    expect(below.data.map((row: { product: { id: number } }) => row.product.id)).toContain(product.id);
    expect(below.data.every((row: { belowMinimum: boolean }) => row.belowMinimum)).toBe(true);
    expect(below.totals.belowMinimum).toBe(below.total);
    const all = (await get('/api/stock/v1?pageSize=100')).json();
    const sum = all.data.reduce(
      (total: bigint, row: { totalValue: string }) => total + BigInt(row.totalValue.replace('.', '')),
      0n,
    );
    expect(BigInt(all.totals.totalValue.replace('.', ''))).toBe(sum);
    const summary = (await get('/api/stock/v1/summary')).json();
    expect(summary).toMatchObject({ stockValue: all.totals.totalValue, belowMinimum: below.total });
    expect(summary.latestMovements[0]).toMatchObject({ product: { id: product.id } });
    const drawer = (await get('/api/stock/v1/below-minimum')).json();
    expect(drawer.map((row: { product: { id: number } }) => row.product.id)).toContain(product.id);
    expect((await get('/api/stock/v1?belowMinimum=sim')).statusCode).toBe(400);
    expect((await get('/api/stock/v1?sort=preco')).statusCode).toBe(400);
  });
});

describe('the database guards the ledger', () => {
  it('refuses DELETE and any UPDATE but a single cancellation', async () => {
    const { product, unit } = await productWithBox({ name: 'Guardas' });
    const entry = await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: 1,
      unitCost: 1,
    });
    const db = ctx.handle.db;
    await expect(db.deleteFrom('stock_ledger').where('id', '=', entry.id).execute()).rejects.toThrow(
      /imutável/,
    );
    await expect(
      db.updateTable('stock_ledger').set({ quantity: '5000' }).where('id', '=', entry.id).execute(),
    ).rejects.toThrow(/imutável/);
    await expect(
      db
        .updateTable('stock_ledger')
        .set({ cancelled_at: new Date().toISOString() })
        .where('id', '=', entry.id)
        .execute(),
    ).rejects.toThrow(/imutável/);
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('stock_ledger')
        .set({ cancelled_at: new Date().toISOString(), cancelled_by: 1 })
        .where('id', '=', entry.id)
        .execute();
      await tx
        .updateTable('stock_balances')
        .set({ quantity: '0', total_value: '0', average_cost: '0', last_occurred_on: null })
        .where('product_id', '=', product.id)
        .execute();
      // every figure kept beside the ledger follows, as the pipeline would write them
      await tx
        .updateTable('location_balances')
        .set({ quantity: '0' })
        .where('product_id', '=', product.id)
        .execute();
    });
    await expect(
      db
        .updateTable('stock_ledger')
        .set({ cancelled_at: new Date().toISOString(), cancelled_by: 1 })
        .where('id', '=', entry.id)
        .execute(),
    ).rejects.toThrow(/imutável/);
    expect((await get(`/api/stock/in/v1?productId=${product.id}`)).json().total).toBe(0);
  });

  it('refuses a negative balance with a CHECK constraint', async () => {
    const { product, unit } = await productWithBox({ name: 'Check' });
    await stockIn(ctx.app, cookie, { productId: product.id, productUnityId: unit, quantity: 2, unitCost: 1 });
    const balance = () =>
      ctx.handle.db
        .selectFrom('stock_balances')
        .select('quantity')
        .where('product_id', '=', product.id)
        .executeTakeFirstOrThrow();
    expect(toBigInt((await balance()).quantity)).toBe(2000n);
    await expect(
      ctx.handle.db
        .updateTable('stock_balances')
        .set({ quantity: '-1' })
        .where('product_id', '=', product.id)
        .execute(),
    ).rejects.toThrow(/check constraint/i);
    // The refused write changed nothing, and the connection is still usable.
    expect(toBigInt((await balance()).quantity)).toBe(2000n);
  });

  it('refuses deleting a product, package or supplier once the ledger references them', async () => {
    const supplier = await createSupplier(ctx.app, cookie);
    const { product, box } = await productWithBox({ name: 'Referenciado' });
    await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: box.id,
      quantity: 1,
      unitCost: 1,
      supplierId: supplier.id,
    });
    for (const url of [
      `/api/products/v1/${product.id}`,
      `/api/products/v1/${product.id}/unity/v1/${box.id}`,
      `/api/suppliers/v1/${supplier.id}`,
    ]) {
      const response = await ctx.app.inject({ method: 'DELETE', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(409);
      expect(response.json().message, url).toMatch(/Desative/);
    }
  });
});

describe('concurrency', () => {
  it('lets exactly the right number of racing exits through and ends at zero', async () => {
    const { product, unit } = await productWithBox({ name: 'Corrida' });
    await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: 10,
      unitCost: '3.3333',
    });
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        post('/api/stock/out/v1', {
          productId: product.id,
          productUnityId: unit,
          quantity: 1,
          reason: 'venda',
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect((await get(`/api/products/v1/${product.id}`)).json().stock).toMatchObject({
      quantity: '0.000',
      totalValue: '0.0000',
    });
    await assertLedgerInvariant(ctx.handle.db);
  });

  it('keeps the invariant under mixed concurrent entries and exits on several products', async () => {
    const products = await Promise.all([1, 2, 3].map(() => productWithBox({ name: 'Misto' })));
    for (const { product, unit } of products)
      await stockIn(ctx.app, cookie, {
        productId: product.id,
        productUnityId: unit,
        quantity: 5,
        unitCost: '1.1',
      });
    const calls = Array.from({ length: 60 }, (_, i) => {
      const { product, unit, box } = products[i % 3] ?? products[0]!;
      return i % 4 === 0
        ? post('/api/stock/in/v1', {
            productId: product.id,
            productUnityId: box.id,
            quantity: 1,
            unitCost: '13.37',
          })
        : post('/api/stock/out/v1', {
            productId: product.id,
            productUnityId: unit,
            quantity: 2,
            reason: 'venda',
          });
    });
    const statuses = (await Promise.all(calls)).map((response) => response.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    await assertLedgerInvariant(ctx.handle.db);
  });
});
