import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { createGroupCommit, groupMemo } from '../../src/db/group-commit.ts';
import { openDatabase } from '../../src/db/database.ts';
import { isPlain } from '../../src/db/plain.ts';
import { plainModeFrom } from '../../src/config/env.ts';
import { createEventBus } from '../../src/lib/events.ts';
import { outsideGroupWrites } from '../../src/domain/auth/mailer.ts';
import { createProduct, defaultUnityId, stockIn } from '../factories.ts';

// Plain mode (PLAIN_MODE, decision 0085) and what keeps group commit safe in the fast one: a write that may run twice
// cannot reach outside the database.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('the switch', () => {
  it('reads PLAIN_MODE as true or false, off by default, and refuses anything else', () => {
    expect(plainModeFrom({})).toBe(false);
    expect(plainModeFrom({ PLAIN_MODE: 'true' })).toBe(true);
    expect(plainModeFrom({ PLAIN_MODE: '1' })).toBe(true);
    expect(plainModeFrom({ PLAIN_MODE: 'false' })).toBe(false);
    expect(() => plainModeFrom({ PLAIN_MODE: 'sim' })).toThrow('PLAIN_MODE');
  });

  it('marks the database opened with it, and the database follows the environment the tests run in', () => {
    expect(ctx.handle.plain).toBe(plainModeFrom());
    expect(isPlain(ctx.handle.db)).toBe(ctx.handle.plain);
  });
});

describe('group commit in plain mode', () => {
  it('runs each write in its own transaction, with no memo, and refuses only the failing one', async () => {
    let started = 0;
    const counted = new Proxy(ctx.handle.db, {
      get(target, key) {
        if (key === 'transaction') started += 1;
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const groupCommit = createGroupCommit(counted, { plain: true });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) =>
        groupCommit('lane', async (tx) => {
          await tx
            .insertInto('settings')
            .values({ key: `plain-${i}`, value: String(i) })
            .execute();
          if (i === 2) throw new Error('recusado');
          return groupMemo(tx);
        }),
      ),
    );
    expect(started).toBe(4);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))).toEqual([null, null, null]);
    const keys = await ctx.handle.db
      .selectFrom('settings')
      .select('key')
      .where('key', 'like', 'plain-%')
      .orderBy('key')
      .execute();
    expect(keys.map((row) => row.key)).toEqual(['plain-0', 'plain-1', 'plain-3']);
  });
});

describe('a write group commit may run twice reaches nothing outside the database', () => {
  for (const plain of [false, true]) {
    it(`refuses publishing an event or sending mail from inside the write (plain: ${plain})`, async () => {
      const groupCommit = createGroupCommit(ctx.handle.db, { plain });
      const events = createEventBus(ctx.handle);
      const sent: string[] = [];
      const mailer = outsideGroupWrites({ send: async (message) => void sent.push(message.to) });
      await expect(groupCommit('lane', async () => events.publish('stock', [1]))).rejects.toThrow(
        'inside a group-commit write',
      );
      await expect(
        groupCommit('lane', () => mailer.send({ to: 'a@b.c', subject: 's', text: 't' })),
      ).rejects.toThrow('inside a group-commit write');
      // after the commit, both are allowed
      await groupCommit('lane', async () => 'ok');
      events.publish('stock', [1]);
      await mailer.send({ to: 'a@b.c', subject: 's', text: 't' });
      expect(sent).toEqual(['a@b.c']);
      await events.close();
    });
  }
});

describe('the same answers in both modes', () => {
  it('a movement through the API is recorded and its balance read back, whatever the mode', async () => {
    const cookie = await signUpAndLogin(ctx.app, 'simples@armazem.test');
    const { id: productId } = await createProduct(ctx.app, cookie, { name: 'Modo simples' });
    const productUnityId = await defaultUnityId(ctx.app, cookie, productId);
    // three at once: grouped in one commit in the fast mode, one transaction each in plain mode
    const entries = await Promise.all(
      [1, 2, 3].map(() =>
        stockIn(ctx.app, cookie, { productId, productUnityId, quantity: 2, unitCost: '1' }),
      ),
    );
    expect(entries).toHaveLength(3);
    const balances = await ctx.handle.db
      .selectFrom('stock_balances')
      .select('quantity')
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(BigInt(balances.quantity)).toBe(6000n);
  });

  it('opens a plain database on request, whatever the environment says', async () => {
    const dir = `${process.env.TMPDIR ?? '/tmp'}/armazem-plain-${process.pid}`;
    const handle = openDatabase({ dataDir: dir, plain: true });
    expect(isPlain(handle.db)).toBe(true);
    await handle.destroy();
  });
});
