import { Worker } from 'node:worker_threads';
import { AppError, type ErrorKind } from '../../lib/errors.ts';
import type { RawSheet, SheetColumns } from './sheet-reader.ts';

/**
 * What reading one sheet may cost: its own thread (the event loop keeps answering), a wall-clock budget and a heap
 * ceiling; at most `workers` sheets are read at once, the others wait their turn. See docs/decisions/0010.
 */
export const SHEET_BUDGET = { timeMs: 60_000, heapMb: 384, workers: 2 };

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

type WorkerAnswer = { ok: true; sheet: RawSheet<string> } | { ok: false; kind: ErrorKind; message: string };

function runWorker(
  bytes: Uint8Array,
  budget: typeof SHEET_BUDGET,
  columns: SheetColumns | undefined,
): Promise<RawSheet<string>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sheet-worker.ts', import.meta.url), {
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
    const timer = setTimeout(() => finish(() => reject(tooCostly('demorou demais'))), budget.timeMs);
    worker.once('message', (answer: WorkerAnswer) =>
      finish(() => {
        if (answer.ok) resolve(answer.sheet);
        else if (answer.kind === 'INTERNAL') reject(new Error(`Falha ao ler a planilha: ${answer.message}`));
        else reject(new AppError(answer.kind, answer.message));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooCostly('exigiu memória demais') : error),
      ),
    );
    worker.once('exit', () =>
      finish(() => reject(new Error('O leitor de planilhas terminou sem responder.'))),
    );
    const own = new Uint8Array(bytes); // a copy the worker can take over: the caller keeps its bytes
    worker.postMessage({ bytes: own, columns }, [own.buffer]);
  });
}

/** Reads the sheet in a worker thread, waiting for a free slot first. */
export async function readSheetInWorker(
  bytes: Uint8Array,
  budget: typeof SHEET_BUDGET = SHEET_BUDGET,
  columns?: SheetColumns,
): Promise<RawSheet<string>> {
  await acquire();
  try {
    return await runWorker(bytes, budget, columns);
  } finally {
    release();
  }
}
