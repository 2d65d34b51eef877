import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { betweenChunks } from '../../lib/memory-release.ts';
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
/** Every this many files, a full collection: reading leaves garbage the collector would let grow to ~4× (0035). */
const COLLECT_EVERY = 1_000;

const reasonOf = (error: unknown) =>
  error instanceof AppError ? error.message : 'O arquivo não pôde ser lido como XML de nota fiscal.';

/**
 * Reads every file (each checked as a single upload is: schema, key, signature) in slices, so a month of documents
 * never holds the event loop for more than a slice; a file over 1 MB is read in a worker of the upload pool.
 */
export async function readDocuments(
  files: DocumentFile[],
  options: { keepBytes: boolean },
): Promise<ReadDocument[]> {
  const out: ReadDocument[] = [];
  let sliceStart = performance.now();
  const none = new Uint8Array(0);
  for (const [index, { name: file, bytes: content }] of files.entries()) {
    // the files are let go as they are read; a preview keeps no XML (only an import stores them)
    files[index] = { name: file, bytes: none };
    const bytes = options.keepBytes ? content : none;
    try {
      const read = await readFiscalFile(content);
      out.push(
        read.kind === 'note'
          ? { file, bytes, kind: 'note', doc: read.doc }
          : { file, bytes, kind: 'event', event: read.event },
      );
    } catch (error) {
      if (!(error instanceof AppError) && !(error instanceof Error)) throw error;
      out.push({ file, bytes, kind: 'error', reason: reasonOf(error), cancelled: isCancelledNote(error) });
    }
    if ((index + 1) % COLLECT_EVERY === 0) await betweenChunks();
    else if (performance.now() - sliceStart > SLICE_MS) await yieldToOthers();
    else continue;
    sliceStart = performance.now();
  }
  return out;
}
