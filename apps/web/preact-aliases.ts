/**
 * React's API on Preact's 4 KB runtime (docs/decisions/0004): the build (vite.config.ts) and the web unit tests
 * (the `web` project of vitest.config.ts) resolve `react` the same way, so a test renders what the browser runs.
 */
export const preactAliases = {
  react: 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};
