import { takeOneJob } from '../../lib/uploads/worker-job.ts';
import { readFiscalXml } from './nfe-reader.ts';

/**
 * One NF-e XML per worker (a file over 1 MB, started by `readNfeFile`, docs/decisions/0049): the document read and
 * checked, or the user's error. Its own small module, so the thread loads the XML reader and nothing of the sheets.
 */
takeOneJob(({ bytes }: { bytes: Uint8Array }) => readFiscalXml(bytes));
