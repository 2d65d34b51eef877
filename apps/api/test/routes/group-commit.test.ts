import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { createGroupCommit, groupMemo } from '../../src/db/group-commit.ts';
import { createProduct, defaultUnityId, stockIn } from '../factories.ts';
import { post, type NewLedgerRow } from '../../src/domain/stock/posting-pipeline.ts';
import { checkIntegrity } from '../../src/domain/stock/integrity.ts';
import { assertLedgerInvariant } from '../invariants.ts';

// Writes that arrive together share one transaction (decision 0032): the group runs first as one plain
// transaction; if a write fails, it runs again with a savepoint per write, so a refused write leaves nothing behind
// and refuses only its own caller; the others are committed and answered after the commit.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

// The mechanism itself, in both modes: plain mode (PLAIN_MODE, decision 0085) is tested in plain-mode.test.ts.
const MECHANISM = { plain: false };

const settingKey = (i: number) => `group-commit-${i}`;

async function storedKeys(prefix: string) {
  const rows = await ctx.handle.db
    .selectFrom('settings')
    .select('key')
    .where('key', 'like', `${prefix}%`)
    .execute();
  return rows.map((row) => row.key).sort();
}

/** The test database, counting the transactions started through it. */
function countingTransactions() {
  let started = 0;
  const counted = new Proxy(ctx.handle.db, {
    get(target, key) {
      if (key === 'startTransaction') started += 1;
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { counted, transactions: () => started };
}

describe('group commit', () => {
  it('commits the writes that arrive together and refuses only the one that fails, leaving nothing of it', async () => {
    const { counted, transactions } = countingTransactions();
    const groupCommit = createGroupCommit(counted, MECHANISM);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        groupCommit('lane', async (tx) => {
          await tx
            .insertInto('settings')
            .values({ key: settingKey(i), value: String(i) })
            .execute();
          if (i === 5) throw new Error('recusado');
          return i;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(
      Array.from({ length: 12 }, (_, i) => (i === 5 ? 'rejected' : 'fulfilled')),
    );
    expect((results[5] as PromiseRejectedResult).reason).toMatchObject({ message: 'recusado' });
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([
      0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11,
    ]);
    // twelve writes: tried together once, then again with a savepoint each; the refused write's row is gone,
    // the others' are there
    expect(transactions()).toBe(2);
    expect(await storedKeys('group-commit-')).toEqual(
      [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11].map(settingKey).sort(),
    );
  });

  it('rolls back a refused write that is the last of its group, and keeps the ones before it', async () => {
    const groupCommit = createGroupCommit(ctx.handle.db, {
      ...MECHANISM,
      multiStatement: ctx.handle.dialect === 'postgres',
    });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) =>
        groupCommit('lane', async (tx) => {
          await tx
            .insertInto('settings')
            .values({ key: `group-last-${i}`, value: String(i) })
            .execute();
          if (i === 1 || i === 3) throw new Error(`recusado ${i}`);
          return i;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(await storedKeys('group-last-')).toEqual(['group-last-0', 'group-last-2']);
  });

  it('answers a write only once its group is committed, and a lone failing write rolls back alone', async () => {
    const groupCommit = createGroupCommit(ctx.handle.db, MECHANISM);
    await expect(
      groupCommit('lane', async (tx) => {
        await tx.insertInto('settings').values({ key: 'lone-failure', value: 'x' }).execute();
        throw new Error('sozinho');
      }),
    ).rejects.toThrow('sozinho');
    expect(await storedKeys('lone-failure')).toEqual([]);

    const value = await groupCommit('lane', async (tx) => {
      await tx.insertInto('settings').values({ key: 'lone-success', value: 'y' }).execute();
      return 'ok';
    });
    expect(value).toBe('ok');
    expect(await storedKeys('lone-success')).toEqual(['lone-success']);
  });

  it('runs a group that does not fail as one plain transaction, whose writes share a memo', async () => {
    const { counted, transactions } = countingTransactions();
    const groupCommit = createGroupCommit(counted, MECHANISM);
    const memos = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        groupCommit('lane', async (tx) => {
          await tx
            .insertInto('settings')
            .values({ key: `group-memo-${i}`, value: String(i) })
            .execute();
          return groupMemo(tx);
        }),
      ),
    );
    expect(transactions()).toBe(1);
    expect(memos[0]).toBeInstanceOf(Map);
    expect(new Set(memos).size).toBe(1);
    expect(await storedKeys('group-memo-')).toHaveLength(5);
    // outside a group there is no memo, and a write retried with savepoints gets none either
    await ctx.handle.db.transaction().execute(async (tx) => expect(groupMemo(tx)).toBeNull());
    const seen = await Promise.allSettled(
      [0, 1].map((i) =>
        groupCommit('lane', async (tx) => {
          if (i === 1 && groupMemo(tx)) throw new Error('falha na primeira tentativa');
          return groupMemo(tx);
        }),
      ),
    );
    expect(seen).toEqual([
      { status: 'fulfilled', value: null },
      { status: 'fulfilled', value: null },
    ]);
  });
});

describe('stock writes in a group', () => {
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    cookie = await signUpAndLogin(ctx.app, 'grupo@armazem.com.br', 'Admin do grupo');
    userId = (await ctx.app.inject({ url: '/api/auth/v1/me', headers: { cookie } })).json().id;
  });

  async function productWithStock(name: string, entries: Array<[quantity: number, unitCost: string]>) {
    const product = await createProduct(ctx.app, cookie, { name });
    const unit = await defaultUnityId(ctx.app, cookie, product.id);
    let entry = { occurredOn: '' };
    for (const [quantity, unitCost] of entries)
      entry = await stockIn(ctx.app, cookie, {
        productId: product.id,
        productUnityId: unit,
        quantity,
        unitCost,
      });
    const exit = (baseQuantity: bigint): NewLedgerRow => ({
      productId: product.id,
      productUnityId: unit,
      direction: 'out',
      quantity: baseQuantity,
      baseQuantity,
      unitCost: null,
      occurredOn: entry.occurredOn,
      supplierId: null,
      reason: 'venda',
      document: null,
      notes: null,
      source: 'manual',
      stockMovementId: null,
    });
    const postExit = (tx: Parameters<typeof post>[0], baseQuantity: bigint) =>
      post(tx, ctx.handle.dialect, {
        userId,
        today: '2099-12-31',
        add: [exit(baseQuantity)],
        audit: { action: 'create', entity: 'stock_out', entityId: null },
      }).then(([row]) => row?.derived);
    return { productId: product.id as number, postExit };
  }

  const balanceOf = (productId: number) =>
    ctx.handle.db
      .selectFrom('stock_balances')
      .select(['quantity', 'total_value'])
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();

  it('each exit of a group values against the balance the one before it left, taken from the lock it holds', async () => {
    // 4 UN worth R$ 3,0001: each exit of 1 UN takes round_half_up(value ÷ quantity) of what the one before left,
    // 0,7500 (of 3,0001 ÷ 4), 0,7500 (2,2501 ÷ 3), 0,7501 (1,5001 ÷ 2, half-up), leaving 1 UN at 0,7500
    const { productId, postExit } = await productWithStock('Grupo de saídas', [
      [3, '1'],
      [1, '0.0001'],
    ]);
    const groupCommit = createGroupCommit(ctx.handle.db, {
      ...MECHANISM,
      multiStatement: ctx.handle.dialect === 'postgres',
    });
    const costs = await Promise.all(
      [1000n, 1000n, 1000n].map((q) => groupCommit(productId, (tx) => postExit(tx, q))),
    );
    expect(costs.map((c) => c?.totalCost)).toEqual([7500n, 7500n, 7501n]);
    expect(costs.map((c) => c?.balanceQuantity)).toEqual([3000n, 2000n, 1000n]);
    const balance = await balanceOf(productId);
    expect([BigInt(balance.quantity), BigInt(balance.total_value)]).toEqual([1000n, 7500n]);
    await assertLedgerInvariant(ctx.handle.db);
    expect((await checkIntegrity(ctx.handle.db)).ok).toBe(true);
  });

  it('an exit of the group that would overdraw is refused alone; the others keep the order they came in', async () => {
    const { productId, postExit } = await productWithStock('Grupo com recusa', [[5, '2']]);
    const groupCommit = createGroupCommit(ctx.handle.db, {
      ...MECHANISM,
      multiStatement: ctx.handle.dialect === 'postgres',
    });
    const results = await Promise.allSettled(
      [3000n, 3000n, 2000n].map((q) => groupCommit(productId, (tx) => postExit(tx, q))),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    const balance = await balanceOf(productId);
    expect([BigInt(balance.quantity), BigInt(balance.total_value)]).toEqual([0n, 0n]);
    await assertLedgerInvariant(ctx.handle.db);
    expect((await checkIntegrity(ctx.handle.db)).ok).toBe(true);
  });

  it('in one lane with several products (SQLite has one), each product values against its own balance', async () => {
    const a = await productWithStock('Faixa mista A', [[4, '2.5']]);
    const b = await productWithStock('Faixa mista B', [[2, '7']]);
    const groupCommit = createGroupCommit(ctx.handle.db, {
      ...MECHANISM,
      multiStatement: ctx.handle.dialect === 'postgres',
    });
    const costs = await Promise.all([
      groupCommit('mixed', (tx) => a.postExit(tx, 1000n)),
      groupCommit('mixed', (tx) => b.postExit(tx, 1000n)),
      groupCommit('mixed', (tx) => a.postExit(tx, 3000n)),
      groupCommit('mixed', (tx) => b.postExit(tx, 1000n)),
    ]);
    expect(costs.map((c) => [c?.totalCost, c?.balanceQuantity])).toEqual([
      [25_000n, 3000n],
      [70_000n, 1000n],
      [75_000n, 0n],
      [70_000n, 0n],
    ]);
    for (const productId of [a.productId, b.productId]) {
      const balance = await balanceOf(productId);
      expect([BigInt(balance.quantity), BigInt(balance.total_value)]).toEqual([0n, 0n]);
    }
    expect((await checkIntegrity(ctx.handle.db)).ok).toBe(true);
  });

  it('after a group with a refused write, the next group of the lane goes straight to savepoints', async () => {
    const { productId, postExit } = await productWithStock('Grupo esgotado', [[1, '3']]);
    const groupCommit = createGroupCommit(ctx.handle.db, {
      ...MECHANISM,
      multiStatement: ctx.handle.dialect === 'postgres',
    });
    const memos: Array<Map<unknown, unknown> | null> = [];
    let next: Array<Promise<unknown>> = [];
    const first = await Promise.allSettled(
      [1000n, 1000n, 1000n].map((q, i) =>
        groupCommit(productId, async (tx) => {
          // written while the first group runs: these form the lane's next group
          if (i === 0 && next.length === 0)
            next = [1000n, 1000n].map(() =>
              groupCommit(productId, async (inner) => {
                memos.push(groupMemo(inner));
                return postExit(inner, 1000n);
              }),
            );
          return postExit(tx, q);
        }),
      ),
    );
    expect(first.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    const second = await Promise.allSettled(next);
    expect(second.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    // no optimistic try: the writes of the second group ran once each, with no memo (savepoints)
    expect(memos).toEqual([null, null]);
    expect((await checkIntegrity(ctx.handle.db)).ok).toBe(true);
  });
});
