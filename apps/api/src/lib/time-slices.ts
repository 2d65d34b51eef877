import { setImmediate as yieldToOthers } from 'node:timers/promises';

/** How long a piece of long work holds the event loop before letting others in (the health check within 200 ms). */
export const SLICE_MS = 25;

/**
 * A pause to call between the steps of a long synchronous piece of work (SQLite's driver runs every statement in this
 * thread): it gives the event loop back once a slice of `ms` has passed since the last time, else returns at once.
 */
export function timeSlicer(ms = SLICE_MS): () => Promise<void> {
  let start = performance.now();
  return async () => {
    if (performance.now() - start < ms) return;
    await yieldToOthers();
    start = performance.now();
  };
}
