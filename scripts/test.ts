// `npm test`: unit, web (happy-dom) and API tests (SQLite unless TEST_DATABASE_URL is set), then the browser tests
// in Chromium.
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium.ts';

const extra = process.argv.slice(2);
const projects = ['--project', 'unit', '--project', 'web', '--project', 'api'];
if (findChromium()) {
  projects.push('--project', 'e2e');
} else if (process.env.CI) {
  console.error(
    'Chromium não encontrado: instale com `apt-get install -y chromium` ou defina CHROMIUM_PATH.',
  );
  process.exit(1);
} else {
  console.warn(
    '\nAviso: Chromium não encontrado; os testes de navegador foram pulados (apt-get install -y chromium).\n',
  );
}
const result = spawnSync('npx', ['vitest', 'run', ...projects, ...extra], { stdio: 'inherit' });
process.exit(result.status ?? 1);
