import { Worker } from 'node:worker_threads';
import { AppError, type ErrorKind } from '../../lib/errors.ts';
import type { RawSheet, SheetColumns } from './sheet-reader.ts';
import { readNfe, type NfeDocument } from '../nfe/nfe-reader.ts';

/**
 * What reading one uploaded file may cost: its own thread (the event loop keeps answering), a wall-clock budget and
 * a heap ceiling; at most `workers` files (sheets and NF-e XML alike) are read at once, the others wait their turn.
 * See docs/decisions/0010 and 0049.
 */
export const SHEET_BUDGET = { timeMs: 60_000, heapMb: 384, workers: 2 };
/** An NF-e XML is at most 5 MB: a real one of 990 items reads in well under a second. */
export const NFE_BUDGET = { timeMs: 20_000, heapMb: 256, workers: SHEET_BUDGET.workers };

let running = 0;
const waiting: Array<() => void> = [];

async function acquire(): Promise<void> {
  if (running < SHEET_BUDGET.workers) {
    running += 1;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

/** How many sheets are being read and how many wait for a free worker. */
export function sheetReadsInFlight() {
  return { running, waiting: waiting.length };
}

function release(): void {
  const next = waiting.shift();
  // the slot passes straight to the next sheet waiting, or is freed
  if (next) next();
  else running -= 1;
}

const tooCostly = (what: string) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `A planilha ${what} para ser lida. Envie um arquivo menor (até 50.000 linhas, só com as colunas do modelo).`,
  );
const nfeTooCostly = (what: string) =>
  new AppError('PAYLOAD_TOO_LARGE', `O XML da NF-e ${what} para ser lido: não parece uma NF-e.`);

/** What a worker is asked to read: a sheet (with the columns it expects) or an NF-e XML. */
type Job = { job: 'sheet'; bytes: Uint8Array; columns?: SheetColumns } | { job: 'nfe'; bytes: Uint8Array };
/** Each kind of file has its own worker module, so a thread loads only the reader it runs. */
const WORKERS = {
  sheet: new URL('./sheet-worker.ts', import.meta.url),
  nfe: new URL('../nfe/nfe-worker.ts', import.meta.url),
};
type WorkerAnswer<T> = { ok: true; value: T } | { ok: false; kind: ErrorKind; message: string };

function runWorker<T>(
  job: Job,
  budget: typeof SHEET_BUDGET,
  refusal: (what: string) => AppError,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKERS[job.job], {
      resourceLimits: { maxOldGenerationSizeMb: budget.heapMb, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 },
    });
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      settle();
    };
    const timer = setTimeout(() => finish(() => reject(refusal('demorou demais'))), budget.timeMs);
    worker.once('message', (answer: WorkerAnswer<T>) =>
      finish(() => {
        if (answer.ok) resolve(answer.value);
        else if (answer.kind === 'INTERNAL') reject(new Error(`Falha ao ler o arquivo: ${answer.message}`));
        else reject(new AppError(answer.kind, answer.message));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refusal('exigiu memória demais') : error),
      ),
    );
    worker.once('exit', () =>
      finish(() => reject(new Error('O leitor de arquivos terminou sem responder.'))),
    );
    const own = new Uint8Array(job.bytes); // a copy the worker can take over: the caller keeps its bytes
    worker.postMessage({ ...job, bytes: own }, [own.buffer]);
  });
}

async function inWorker<T>(job: Job, budget: typeof SHEET_BUDGET, refusal: (what: string) => AppError) {
  await acquire();
  try {
    return await runWorker<T>(job, budget, refusal);
  } finally {
    release();
  }
}

/** Reads the sheet in a worker thread, waiting for a free slot first. */
export function readSheetInWorker(
  bytes: Uint8Array,
  budget: typeof SHEET_BUDGET = SHEET_BUDGET,
  columns?: SheetColumns,
): Promise<RawSheet<string>> {
  return inWorker({ job: 'sheet', bytes, columns }, budget, tooCostly);
}

/**
 * Up to this size an NF-e XML is read where it arrives: a real note of 990 items is ~0.5 MB and reads in ~0.1 s, and
 * a hostile one stops at its first problem (xml-tree.ts), so the worst case is a few hundred milliseconds. Larger
 * files go to a worker, whose start costs 50–150 ms.
 */
export const NFE_IN_PLACE_BYTES = 1024 * 1024;

/** Reads and checks an NF-e XML (`readNfe`): a large one in a worker thread, waiting for a free slot first. */
export async function readNfeFile(
  bytes: Uint8Array,
  budget: typeof SHEET_BUDGET = NFE_BUDGET,
  inPlaceBytes = NFE_IN_PLACE_BYTES,
): Promise<NfeDocument> {
  if (bytes.length <= inPlaceBytes) return readNfe(bytes);
  return inWorker({ job: 'nfe', bytes }, budget, nfeTooCostly);
}
