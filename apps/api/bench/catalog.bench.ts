// Times the product list on 100,000 products, on SQLite and (with TEST_DATABASE_URL) PostgreSQL:
//   node apps/api/bench/catalog.bench.ts [products]
// Runs through the whole HTTP stack in-process (routing, validation, serialization) with app.inject.
import { buildTestApp, signUpAndLogin } from '../test/helper.ts';
import { generateCatalog } from './catalog-generator.ts';

const count = Number(process.argv[2] ?? 100_000);
const RUNS = 30;

const ctx = await buildTestApp();
try {
  const cookie = await signUpAndLogin(ctx.app, 'bench@armazem.com.br');
  const started = performance.now();
  await generateCatalog(ctx.handle.db, count);
  console.log(
    `[${ctx.handle.dialect}] ${count.toLocaleString('pt-BR')} produtos gerados em ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const cases: Array<[string, string]> = [
    ['1ª página, sem busca', '/api/products/v1?page=1&pageSize=20'],
    ['página 2.500, sem busca', '/api/products/v1?page=2500&pageSize=20'],
    ['busca "cafe"', '/api/products/v1?page=1&pageSize=20&q=cafe'],
    ['busca "arroz integral 5 kg"', '/api/products/v1?page=1&pageSize=20&q=arroz%20integral%205%20kg'],
    ['busca rara "GEN-0099999"', '/api/products/v1?page=1&pageSize=20&q=GEN-0099999'],
    ['busca + categoria + status', '/api/products/v1?page=1&pageSize=20&q=oleo&categoryId=2&status=active'],
    ['ordenado por estoque desc', '/api/products/v1?page=1&pageSize=20&sort=stockQuantity&order=desc'],
  ];
  for (const [label, url] of cases) {
    const times: number[] = [];
    for (let run = 0; run < RUNS + 3; run += 1) {
      const t0 = performance.now();
      const response = await ctx.app.inject({ url, headers: { cookie } });
      const elapsed = performance.now() - t0;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      if (run >= 3) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
    console.log(
      `[${ctx.handle.dialect}] ${label.padEnd(32)} mediana ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`,
    );
  }
} finally {
  await ctx.close();
}
