import { cleanup } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';

// Globals are off in vitest, so Testing Library cannot unmount by itself: every test starts from an empty page,
// and a fetch stubbed by one test does not answer the next.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
