import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, type ControlledTransaction } from 'kysely';
import type { Db, Tx } from './database.ts';
import type { Database } from './types.ts';
import { isPlain } from './plain.ts';

/**
 * Group commit for short writes that arrive together (decision 0032). Writes on one lane run one after the other,
 * as they would anyway (SQLite has one writer; on PostgreSQL they queue on the same balance-row lock); what
 * arrives while a transaction runs waits and then shares the next one. The group first runs as one plain
 * transaction; should a write fail, the group is rolled back and runs again with each write in its own savepoint,
 * so a refused write is refused alone and the others commit together. Each caller is answered only after the
 * commit. The commit, the costly part of a small write, is paid once per group, and the savepoints only when a
 * write fails. A write may therefore run twice: its only effects must be the transaction's. That is checked, not
 * only asked: while a write runs here, what reaches outside the database (publishing an event, sending mail) calls
 * `assertNotInGroupWrite` and fails, so such an effect is found by the first test that takes the path, never fired
 * twice. In plain mode (PLAIN_MODE, decision 0085) nothing is grouped: each write runs in its own transaction.
 */

interface Job {
  work: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** At most this many writes share a transaction, so none waits behind an unbounded group. */
const MAX_GROUP = 64;
const SAVEPOINT = 'armazem_write';

export type GroupCommit = <T>(lane: string | number, work: (tx: Tx) => Promise<T>) => Promise<T>;

/** Set while a write of a group runs: the writes that may run twice. */
const groupWrite = new AsyncLocalStorage<true>();

/** Fails when called from a write that group commit may run again (see above): `effect` would then happen twice. */
export function assertNotInGroupWrite(effect: string): void {
  if (groupWrite.getStore()) {
    throw new Error(`${effect} inside a group-commit write, which may run twice: do it after the commit`);
  }
}

const runWrite = <T>(job: { work: (tx: Tx) => Promise<T> }, trx: Tx) =>
  groupWrite.run(true, () => job.work(trx));

/**
 * `multiStatement`: the database takes several statements in one round trip (PostgreSQL). `plain`: each write in
 * its own ordinary transaction (by default when the database was opened in plain mode).
 */
export function createGroupCommit(db: Db, { multiStatement = false, plain = isPlain(db) } = {}): GroupCommit {
  if (plain) return (_lane, work) => db.transaction().execute((trx) => runWrite({ work }, trx));
  const lanes = new Map<string | number, Job[]>();

  async function drain(lane: string | number, queue: Job[]) {
    // One turn of the event loop first: requests already read reach the queue before the group is cut. (With
    // SQLite every statement is synchronous, so without this each request would run alone to its commit.)
    await new Promise((resolve) => setImmediate(resolve));
    // After a group with a refused write, the next one of the lane goes straight to savepoints: a sold-out
    // product refuses many writes in a row, and each optimistic try would be run twice.
    let careful = false;
    while (queue.length > 0) careful = await runGroup(queue.splice(0, MAX_GROUP), careful);
    lanes.delete(lane);
  }

  return <T>(lane: string | number, work: (tx: Tx) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const queue = lanes.get(lane);
      const job = { work, resolve: resolve as (value: unknown) => void, reject };
      if (queue) {
        queue.push(job);
        return;
      }
      const fresh = [job];
      lanes.set(lane, fresh);
      void drain(lane, fresh);
    });

  /** Runs one group; answers whether a write of it was refused. */
  async function runGroup(group: Job[], careful: boolean): Promise<boolean> {
    if (group.length === 1) {
      // Alone: a plain transaction, no savepoint round trips.
      const [job] = group as [Job];
      await attempt(db, group, async (trx) => {
        const value = await runWrite(job, trx);
        return [() => job.resolve(value)];
      });
      return false;
    }
    // Together, optimistically: one transaction and no savepoints, each write reusing what the ones before it
    // learned (the locks they hold). Should any write fail, nothing of the group is kept: it runs again with a
    // savepoint per write, so the refusal is that write's alone.
    if (!careful) {
      const together = await attempt(
        db,
        group,
        async (trx) => {
          const answers: Array<() => void> = [];
          for (const job of group) {
            const value = await runWrite(job, trx);
            answers.push(() => job.resolve(value));
          }
          return answers;
        },
        { memo: true, retry: true },
      );
      if (together === 'done') return false;
    }
    let refused = false;
    await attempt(db, group, async (trx) => {
      const { answers, failures } = await runInSavepoints(trx, group, multiStatement);
      refused = failures > 0;
      return answers;
    });
    return refused;
  }
}

/**
 * One transaction for the group: commits and answers, or rolls back and refuses every write. With `retry`, a
 * failure before the commit answers nobody and asks for another attempt instead.
 */
async function attempt(
  db: Db,
  group: Job[],
  run: (trx: ControlledTransaction<Database>) => Promise<Array<() => void>>,
  { memo = false, retry = false } = {},
): Promise<'done' | 'retry'> {
  let trx: ControlledTransaction<Database>;
  try {
    trx = await db.startTransaction().execute();
  } catch (error) {
    for (const job of group) job.reject(error);
    return 'done';
  }
  if (memo) memos.set(trx, new Map());
  let committing = false;
  try {
    const answers = await run(trx);
    committing = true;
    await trx.commit().execute();
    for (const answer of answers) answer();
    return 'done';
  } catch (error) {
    await trx
      .rollback()
      .execute()
      .catch(() => undefined);
    if (retry && !committing) return 'retry';
    for (const job of group) job.reject(error);
    return 'done';
  } finally {
    memos.delete(trx);
  }
}

/** Per group transaction run without savepoints: what its writes may share (see `groupMemo`). */
const memos = new WeakMap<object, Map<unknown, unknown>>();

/**
 * A memo that lives exactly as long as a group's transaction, for a transaction whose writes are never rolled back
 * one by one: a write may leave there what the next write of the group can reuse (a lock it holds and the row it
 * read under it), since either the whole group commits or none of it does. Null in any other transaction.
 */
export function groupMemo(tx: Tx): Map<unknown, unknown> | null {
  return memos.get(tx) ?? null;
}

// Compiled once: the savepoint statements are the same text for every write of a group.
const SAVE = CompiledQuery.raw(`savepoint ${SAVEPOINT}`);
const UNDO = CompiledQuery.raw(`rollback to savepoint ${SAVEPOINT}`);
const RELEASE = CompiledQuery.raw(`release savepoint ${SAVEPOINT}`);
// PostgreSQL takes several statements in one round trip (no parameters): closing one write's savepoint and opening
// the next cost one trip, not two.
const NEXT_AFTER_SUCCESS = CompiledQuery.raw(`release savepoint ${SAVEPOINT}; savepoint ${SAVEPOINT}`);
const NEXT_AFTER_FAILURE = CompiledQuery.raw(
  `rollback to savepoint ${SAVEPOINT}; release savepoint ${SAVEPOINT}; savepoint ${SAVEPOINT}`,
);

/**
 * Runs each write in its own savepoint; a refusal is kept for after the commit, its effects rolled back. The last
 * savepoint is left to the commit, which releases it, unless its write failed.
 */
async function runInSavepoints(
  trx: ControlledTransaction<Database>,
  group: Job[],
  multiStatement: boolean,
): Promise<{ answers: Array<() => void>; failures: number }> {
  const answers: Array<() => void> = [];
  let failures = 0;
  let failed: boolean | null = null;
  for (const job of group) {
    if (failed === null) await trx.executeQuery(SAVE);
    else if (multiStatement) await trx.executeQuery(failed ? NEXT_AFTER_FAILURE : NEXT_AFTER_SUCCESS);
    else {
      if (failed) await trx.executeQuery(UNDO);
      await trx.executeQuery(RELEASE);
      await trx.executeQuery(SAVE);
    }
    try {
      const value = await runWrite(job, trx);
      answers.push(() => job.resolve(value));
      failed = false;
    } catch (error) {
      answers.push(() => job.reject(error));
      failures += 1;
      failed = true;
    }
  }
  if (failed) await trx.executeQuery(UNDO);
  return { answers, failures };
}
