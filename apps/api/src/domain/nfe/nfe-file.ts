import { AppError } from '../../lib/errors.ts';
import type { NfeDocument } from './nfe-reader.ts';
import { SHEET_BUDGET, readInWorker, type ReadBudget } from '../../lib/uploads/sheet-worker-pool.ts';
import { readFiscalXml, type FiscalXml } from './nfe-reader.ts';
import { unprocessable } from '../../lib/uploads/xml-tree.ts';

/** An NF-e XML is at most 5 MB: a real one of 990 items reads in well under a second (decision 0049). */
export const NFE_BUDGET: ReadBudget = { timeMs: 20_000, heapMb: 256, workers: SHEET_BUDGET.workers };

/**
 * Up to this size an NF-e XML is read where it arrives: a real note of 990 items is ~0.5 MB and reads in ~0.1 s, and
 * a hostile one stops at its first problem (xml-tree.ts), so the worst case is a few hundred milliseconds. Larger
 * files go to a worker, whose start costs 50–150 ms.
 */
export const NFE_IN_PLACE_BYTES = 1024 * 1024;

const NFE_WORKER = new URL('./nfe-worker.ts', import.meta.url);
const tooCostly = (what: string) =>
  new AppError('PAYLOAD_TOO_LARGE', `O XML da NF-e ${what} para ser lido: não parece uma NF-e.`);

/** Reads and checks a fiscal XML (a note or an event): a large one in a worker of the upload pool, others in place. */
export async function readFiscalFile(
  bytes: Uint8Array,
  budget: ReadBudget = NFE_BUDGET,
  inPlaceBytes = NFE_IN_PLACE_BYTES,
): Promise<FiscalXml> {
  if (bytes.length <= inPlaceBytes) return readFiscalXml(bytes);
  return readInWorker({ module: NFE_WORKER, bytes }, budget, tooCostly);
}

/** Reads and checks an NF-e XML; an event is not a note and says where it goes. */
export async function readNfeFile(
  bytes: Uint8Array,
  budget: ReadBudget = NFE_BUDGET,
  inPlaceBytes = NFE_IN_PLACE_BYTES,
): Promise<NfeDocument> {
  const read = await readFiscalFile(bytes, budget, inPlaceBytes);
  if (read.kind === 'note') return read.doc;
  throw unprocessable(
    'Este arquivo é um evento de cancelamento, não uma nota: importe-o direto (sem prévia) para desfazer a nota cancelada.',
  );
}
