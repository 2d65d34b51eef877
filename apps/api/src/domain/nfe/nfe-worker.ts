import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/errors.ts';
import { readNfe } from './nfe-reader.ts';

/**
 * One NF-e XML per worker (started by `readNfeFile`, docs/decisions/0049): read and check it, answer with the
 * document or the user's error. Its own small module, so the thread loads the XML reader and nothing of the sheets.
 */
parentPort?.once('message', ({ bytes }: { bytes: Uint8Array }) => {
  try {
    parentPort?.postMessage({ ok: true, value: readNfe(bytes) });
  } catch (error) {
    if (error instanceof AppError)
      parentPort?.postMessage({ ok: false, kind: error.kind, message: error.message });
    else parentPort?.postMessage({ ok: false, kind: 'INTERNAL', message: String(error) });
  }
});
