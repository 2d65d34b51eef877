import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/errors.ts';
import { parseSheet } from './sheet-parser.ts';

/** One sheet per worker: read it, answer with the rows or the user's error, and let the pool end the thread. */
parentPort?.once('message', (bytes: Uint8Array) => {
  parseSheet(bytes).then(
    (sheet) => parentPort?.postMessage({ ok: true, sheet }),
    (error: unknown) => {
      if (error instanceof AppError)
        parentPort?.postMessage({ ok: false, code: error.code, message: error.message });
      else parentPort?.postMessage({ ok: false, code: 'INTERNAL', message: String(error) });
    },
  );
});
