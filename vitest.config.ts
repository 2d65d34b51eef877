import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/preact-aliases.ts';

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
        // The web's hooks and components below the browser: the same react → preact aliases as the build, and the
        // libraries that import `react` run through Vite so they get Preact too (docs/decisions/0080).
        resolve: {
          alias: {
            ...preactAliases,
            'use-sync-external-store/with-selector.js': path.resolve(
              import.meta.dirname,
              'apps/web/test/use-sync-external-store-with-selector.ts',
            ),
          },
          // the ES module builds (react-router's `node` build is CommonJS, which would load React, not Preact)
          conditions: ['module', 'browser', 'development'],
        },
        test: {
          name: 'web',
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:5173/' } },
          include: ['apps/web/test/**/*.test.{ts,tsx}'],
          setupFiles: ['./test-support/fail-on-console-error.ts', './apps/web/test/setup.ts'],
          server: {
            deps: {
              inline: [/react-redux/, /react-router/, /@reduxjs\/toolkit/, /@testing-library\/preact/],
            },
          },
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
