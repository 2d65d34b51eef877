import { afterEach, beforeEach, vi } from 'vitest';

// A console.error during a test is a bug somewhere: fail the test instead of scrolling past it.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error chamado durante o teste: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});
