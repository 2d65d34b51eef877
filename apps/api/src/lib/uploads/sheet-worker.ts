import { takeOneJob } from './worker-job.ts';
import { parseSheet } from './sheet-parser.ts';
import type { SheetColumns } from './sheet-reader.ts';

/** One sheet per worker: its rows, or the user's error (docs/decisions/0010). */
takeOneJob(({ bytes, columns }: { bytes: Uint8Array; columns: SheetColumns }) => parseSheet(bytes, columns));
