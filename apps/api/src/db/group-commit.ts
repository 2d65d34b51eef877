import { CompiledQuery, type ControlledTransaction } from 'kysely';
import type { Db, Tx } from './database.ts';
import type { Database } from './types.ts';

/**
 * Group commit for short writes that arrive together (decision 0032). Writes on one lane run one after the other,
 * as they would anyway (SQLite has one writer; on PostgreSQL they queue on the same balance-row lock); what
 * arrives while a transaction runs waits and then shares the next one, each write in its own savepoint. A write
 * that fails rolls back to its savepoint and is refused alone; the others commit together, and each caller is
 * answered only after that commit. The commit — the costly part of a small write — is paid once per group.
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

/** `multiStatement`: the database takes several statements in one round trip (PostgreSQL). */
export function createGroupCommit(db: Db, { multiStatement = false } = {}): GroupCommit {
  const lanes = new Map<string | number, Job[]>();

  async function drain(lane: string | number, queue: Job[]) {
    // One turn of the event loop first: requests already read reach the queue before the group is cut. (With
    // SQLite every statement is synchronous, so without this each request would run alone to its commit.)
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) await runGroup(queue.splice(0, MAX_GROUP));
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

  async function runGroup(group: Job[]) {
    let trx: ControlledTransaction<Database>;
    try {
      trx = await db.startTransaction().execute();
    } catch (error) {
      for (const job of group) job.reject(error);
      return;
    }
    const answers: Array<() => void> = [];
    try {
      if (group.length === 1) {
        // Alone: a plain transaction, no savepoint round trips.
        const [job] = group as [Job];
        const value = await job.work(trx);
        answers.push(() => job.resolve(value));
      } else {
        answers.push(...(await runInSavepoints(trx, group, multiStatement)));
      }
      await trx.commit().execute();
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      for (const job of group) job.reject(error);
      return;
    }
    for (const answer of answers) answer();
  }
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
): Promise<Array<() => void>> {
  const answers: Array<() => void> = [];
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
      const value = await job.work(trx);
      answers.push(() => job.resolve(value));
      failed = false;
    } catch (error) {
      answers.push(() => job.reject(error));
      failed = true;
    }
  }
  if (failed) await trx.executeQuery(UNDO);
  return answers;
}
