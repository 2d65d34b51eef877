import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: more workers than that only adds contention.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'apps/api/test/unit/**/*.test.ts'],
          setupFiles: ['./test-support/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/routes/**/*.test.ts'],
          setupFiles: ['./test-support/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['./e2e/global-setup.ts'],
          setupFiles: ['./test-support/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits for a state, never for time; 1 s (the default) is too short on a busy 2-core CI machine
          expect: { poll: { timeout: 15_000, interval: 50 } },
          fileParallelism: false,
          // Browser tests run after the API suites, one file at a time, against one server.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
