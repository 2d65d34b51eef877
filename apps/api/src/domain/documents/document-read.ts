import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { AppError } from '../../lib/errors.ts';
import { readFiscalFile } from '../nfe/nfe-file.ts';
import { isCancelledNote, type NfeDocument } from '../nfe/nfe-reader.ts';
import type { NfeEvent } from '../nfe/nfe-event.ts';
import type { DocumentFile } from './document-archive.ts';

/** One file of a batch as read: a note, a cancellation event, or why it is neither. */
export type ReadDocument = { file: string; bytes: Uint8Array } & (
  | { kind: 'note'; doc: NfeDocument }
  | { kind: 'event'; event: NfeEvent }
  | { kind: 'error'; reason: string; cancelled: boolean }
);

/** Work in slices this long, then let the server answer others (the health check within 200 ms, §6.4). */
const SLICE_MS = 25;

const reasonOf = (error: unknown) =>
  error instanceof AppError ? error.message : 'O arquivo não pôde ser lido como XML de nota fiscal.';

/**
 * Reads every file (each checked as a single upload is: schema, key, signature) in slices, so a month of documents
 * never holds the event loop for more than a slice; a file over 1 MB is read in a worker of the upload pool.
 */
export async function readDocuments(files: readonly DocumentFile[]): Promise<ReadDocument[]> {
  const out: ReadDocument[] = [];
  let sliceStart = performance.now();
  for (const { name, bytes } of files) {
    const file = name;
    try {
      const read = await readFiscalFile(bytes);
      out.push(
        read.kind === 'note'
          ? { file, bytes, kind: 'note', doc: read.doc }
          : { file, bytes, kind: 'event', event: read.event },
      );
    } catch (error) {
      if (!(error instanceof AppError) && !(error instanceof Error)) throw error;
      out.push({ file, bytes, kind: 'error', reason: reasonOf(error), cancelled: isCancelledNote(error) });
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToOthers();
      sliceStart = performance.now();
    }
  }
  return out;
}
