import { betweenChunks } from '../../lib/memory-release.ts';
import { timeSlicer } from '../../lib/time-slices.ts';
import { AppError } from '../../lib/errors.ts';
import { readFiscalFile } from '../nfe/nfe-public-service.ts';
import { isCancelledNote, type NfeDocument } from '../nfe/nfe-public-service.ts';
import { type NfeEvent } from '../nfe/nfe-public-service.ts';
import { contentOf, type DocumentFile } from './document-archive.ts';

/**
 * One file of a batch as read: a note, a cancellation event, or why it is neither; `xml` gives its bytes again (an
 * import stores them with the note), inflated from the archive's copy only when asked.
 */
export type ReadDocument = { file: string; xml: () => Uint8Array } & (
  | { kind: 'note'; doc: NfeDocument }
  | { kind: 'event'; event: NfeEvent }
  | { kind: 'error'; reason: string; cancelled: boolean }
);

/**
 * Every this many files, a full collection: reading leaves garbage the collector would let grow to ~4× (0035). With
 * the notes copied out of their XML text the live heap is small and each collection short (~50 ms): every 500 files
 * the month's preview peaked at 216–254 MB, every 1,000 at 282–297 MB.
 */
const COLLECT_EVERY = 500;

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
  const pause = timeSlicer();
  const none = new Uint8Array(0);
  const dropped = () => none;
  for (const [index, source] of files.entries()) {
    const file = source.name;
    // the files are let go as they are read; a preview keeps no XML (only an import stores them, kept as the
    // archive holds them: a month's .zip is a fifth of its XML)
    files[index] = { name: file, bytes: none };
    const xml = options.keepBytes ? () => contentOf(source) : dropped;
    // an archive's broken entry refuses the whole upload, as a broken directory does
    const content = contentOf(source);
    try {
      const read = await readFiscalFile(content);
      out.push(
        read.kind === 'note'
          ? // a copy: the parser's strings are slices of the whole XML text and kept it all alive (13 KB a note);
            // copied, a month's notes hold 41 MB instead of 67 MB, for ~20 µs a note
            { file, xml, kind: 'note', doc: structuredClone(read.doc) }
          : { file, xml, kind: 'event', event: read.event },
      );
    } catch (error) {
      if (!(error instanceof AppError) && !(error instanceof Error)) throw error;
      out.push({ file, xml, kind: 'error', reason: reasonOf(error), cancelled: isCancelledNote(error) });
    }
    if ((index + 1) % COLLECT_EVERY === 0) await betweenChunks();
    else await pause();
  }
  return out;
}
