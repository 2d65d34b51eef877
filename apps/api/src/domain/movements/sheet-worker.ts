import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/errors.ts';
import { parseSheet } from './sheet-parser.ts';
import type { SheetColumns } from './sheet-reader.ts';

/**
 * On Linux a thread has its own scheduling priority: this one (nice 10) lets the thread that answers requests go
 * first, so on a busy machine a sheet being read slows itself down more than everyone else. Not the lowest
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

/** One sheet per worker: read it, answer with the rows or the user's error, and let the pool end the thread. */
parentPort?.once('message', ({ bytes, columns }: { bytes: Uint8Array; columns?: SheetColumns }) => {
  lowerOwnPriority();
  parseSheet(bytes, columns).then(
    (value) => parentPort?.postMessage({ ok: true, value }),
    (error: unknown) => {
      if (error instanceof AppError)
        parentPort?.postMessage({ ok: false, kind: error.kind, message: error.message });
      else parentPort?.postMessage({ ok: false, kind: 'INTERNAL', message: String(error) });
    },
  );
});
