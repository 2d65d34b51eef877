import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../helper.ts';
import { createGroupCommit } from '../../src/db/group-commit.ts';

// Writes that arrive together share one transaction, each in its own savepoint (decision 0032): a refused write
// leaves nothing behind and refuses only its own caller; the others are committed and answered after the commit.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const settingKey = (i: number) => `group-commit-${i}`;

async function storedKeys(prefix: string) {
  const rows = await ctx.handle.db
    .selectFrom('settings')
    .select('key')
    .where('key', 'like', `${prefix}%`)
    .execute();
  return rows.map((row) => row.key).sort();
}

describe('group commit', () => {
  it('commits the writes that arrive together and refuses only the one that fails, leaving nothing of it', async () => {
    let transactions = 0;
    const counted = new Proxy(ctx.handle.db, {
      get(target, key) {
        if (key === 'startTransaction') transactions += 1;
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const groupCommit = createGroupCommit(counted);
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
    // twelve writes, one transaction; the refused write's row is gone, the others' are there
    expect(transactions).toBe(1);
    expect(await storedKeys('group-commit-')).toEqual(
      [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11].map(settingKey).sort(),
    );
  });

  it('rolls back a refused write that is the last of its group, and keeps the ones before it', async () => {
    const groupCommit = createGroupCommit(ctx.handle.db, {
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
    const groupCommit = createGroupCommit(ctx.handle.db);
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
});
