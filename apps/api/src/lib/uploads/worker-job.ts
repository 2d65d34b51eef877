import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { AppError } from '../errors.ts';

/**
 * On Linux a thread has its own scheduling priority: this one (nice 10) lets the thread that answers requests go
 * first, so on a busy machine a file being read slows itself down more than everyone else. Not the lowest
 * priority: that starved a 50,000-row read past its time budget on a loaded machine. Elsewhere it runs as it is.
 */
function lowerOwnPriority() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId > 0)
      setPriority(threadId, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // no /proc (macOS, Windows) or not allowed: the time budget still bounds the read
  }
}

/**
 * A worker of the upload pool (sheet-worker-pool.ts) takes one job: at a lower priority, `work` reads what the
 * message carries, and the pool is answered with the value or the user's error (anything else is INTERNAL); the pool
 * then ends the thread.
 */
export function takeOneJob<M>(work: (message: M) => unknown): void {
  parentPort?.once('message', (message: M) => {
    lowerOwnPriority();
    Promise.resolve()
      .then(() => work(message))
      .then(
        (value) => parentPort?.postMessage({ ok: true, value }),
        (error: unknown) => {
          if (error instanceof AppError)
            parentPort?.postMessage({ ok: false, kind: error.kind, message: error.message });
          else parentPort?.postMessage({ ok: false, kind: 'INTERNAL', message: String(error) });
        },
      );
  });
}
