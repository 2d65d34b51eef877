import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Gives memory back after heavy work (an uploaded sheet or XML, read in its worker and checked here). V8 keeps the
 * pages a finished worker or a collected heap used in a pool for reuse and returns them only when the process is idle
 * for several seconds, so after a 50,000-row sheet the server stayed 80–100 MB larger, and the next sheet started
 * from there. A "last resort" collection returns them at once (measured: 110 MB of pooled pages back to 4 MB). It
 * pauses this thread for a full collection, so it runs once, a moment after the last heavy request has answered and
 * none is in flight (docs/decisions/0034).
 */

type Collect = () => void;

/** V8's own collector, reached without starting node with --expose-gc; null where the runtime refuses it. */
export function lastResortCollector(): Collect | null {
  const gc = collector();
  return gc && (() => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }));
}

let exposed: ((options: object) => void) | null | undefined;
let allowed = true;

/** Plain mode (PLAIN_MODE, docs/decisions/0085) turns this off: no collection is forced, V8 keeps its own pace. */
export function allowForcedCollection(on: boolean): void {
  allowed = on;
}

function collector() {
  if (!allowed) return null;
  if (exposed !== undefined) return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    exposed = vm.runInNewContext('gc') as (options: object) => void;
  } catch {
    exposed = null;
  }
  return exposed;
}

/**
 * A full collection now, between two chunks of a long piece of work (a 50,000-row sheet checked and written 5,000
 * rows at a time). Left alone, the collector lets garbage grow to about four times what is live before it runs, and
 * a sheet's import peaked at ~400 MB with ~60 MB live; collected between chunks, the heap stays near what is live
 * (docs/decisions/0035). Each costs a pause of ~10–20 ms.
 */
export function collectBetweenChunks(): void {
  collector()?.({ type: 'major', execution: 'sync' });
}

/**
 * Between two chunks of a long piece of work: the collection above, then one turn of the event loop, so what arrived
 * meanwhile (a health check, a page's files, a sign-in) is answered between chunks instead of after the whole job. A
 * database call among them still waits for the job's transaction on SQLite's one connection.
 */
export async function betweenChunks(): Promise<void> {
  collectBetweenChunks();
  await new Promise<void>((resolve) => setImmediate(resolve));
}

/** From this many rows a batch (a sheet) is collected between its phases; a smaller one never pauses for it. */
const LARGE_BATCH_ROWS = 10_000;

/** `collectBetweenChunks` for a batch of `rows`, when it is large. */
export function collectIfLarge(rows: number): void {
  if (rows >= LARGE_BATCH_ROWS) collectBetweenChunks();
}

export interface MemoryRelease {
  /** A heavy request begins: no release while it runs. */
  started(): void;
  /** It has answered: once none is left, memory is released after `delayMs`. */
  ended(): void;
}

/**
 * A timer that fires this much later than asked found the event loop held by synchronous work (on SQLite every query
 * is; so is a note read in place), not idle: an upload that arrived meanwhile is still queued behind the timer, and
 * collecting now would make it wait for the whole collection (200–370 ms after a note of 990 items). The release
 * waits another delay instead, a few times at most, so a machine whose timers are always late still gives memory back.
 */
const LATE_MS = 100;
const MAX_POSTPONED = 4;

export function createMemoryRelease(
  options: { delayMs?: number; collect?: Collect | null } = {},
): MemoryRelease {
  const delayMs = options.delayMs ?? 250;
  let collect: Collect | null | undefined = options.collect;
  let inFlight = 0;
  let timer: NodeJS.Timeout | null = null;
  let armedAt = 0;
  let postponed = 0;
  const arm = () => {
    armedAt = performance.now();
    timer = setTimeout(release, delayMs);
    timer.unref();
  };
  function release() {
    timer = null;
    if (inFlight > 0) return;
    if (performance.now() - armedAt > delayMs + LATE_MS && postponed < MAX_POSTPONED) {
      postponed += 1;
      arm();
      return;
    }
    postponed = 0;
    if (collect === undefined) collect = lastResortCollector();
    collect?.();
  }
  return {
    started() {
      inFlight += 1;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    ended() {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight > 0 || timer) return;
      postponed = 0;
      arm();
    },
  };
}
