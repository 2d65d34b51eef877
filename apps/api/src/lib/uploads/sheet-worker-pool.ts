import { Worker } from 'node:worker_threads';
import { AppError, type ErrorKind } from '../errors.ts';
import type { RawSheet, SheetColumns } from './sheet-reader.ts';

/**
 * What reading one uploaded file may cost: its own thread (the event loop keeps answering), a wall-clock budget and
 * a heap ceiling; at most `workers` files (sheets and NF-e XML alike) are read at once, the others wait their turn.
 * See docs/decisions/0010 and 0049.
 */
export const SHEET_BUDGET = { timeMs: 60_000, heapMb: 384, workers: 2 };
export type ReadBudget = typeof SHEET_BUDGET;

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

type WorkerAnswer<T> = { ok: true; value: T } | { ok: false; kind: ErrorKind; message: string };

/** What a worker reads: the module it runs (one taking its job through lib/worker-job.ts) and its message. */
interface Job {
  module: URL;
  bytes: Uint8Array;
  options?: object;
}

function runWorker<T>(job: Job, budget: ReadBudget, refusal: (what: string) => AppError): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(job.module, {
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
    worker.postMessage({ ...job.options, bytes: own }, [own.buffer]);
  });
}

/**
 * Reads `bytes` in a worker thread running `job.module`, within `budget`, waiting for a free slot first; past the
 * budget the file is refused with `refusal` ('demorou demais', 'exigiu memória demais').
 */
export async function readInWorker<T>(
  job: Job,
  budget: ReadBudget,
  refusal: (what: string) => AppError,
): Promise<T> {
  await acquire();
  try {
    return await runWorker<T>(job, budget, refusal);
  } finally {
    release();
  }
}

const SHEET_WORKER = new URL('./sheet-worker.ts', import.meta.url);

/** Reads the sheet in a worker thread, waiting for a free slot first. */
export function readSheetInWorker(
  bytes: Uint8Array,
  columns: SheetColumns,
  budget: ReadBudget = SHEET_BUDGET,
): Promise<RawSheet<string>> {
  return readInWorker({ module: SHEET_WORKER, bytes, options: { columns } }, budget, tooCostly);
}
