// Fills the configured database (DATA_DIR or DATABASE_URL) with N generated products: `npm run seed:catalog -- 100000`.
import { loadEnv } from '../apps/api/src/config/env.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { generateCatalog } from '../apps/api/bench/catalog-generator.ts';

const count = Number(process.argv[2] ?? 100_000);
if (!Number.isInteger(count) || count < 1) {
  console.error('Uso: npm run seed:catalog -- <quantidade de produtos>');
  process.exit(1);
}
const env = loadEnv();
const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await migrateToLatest(handle);
const started = performance.now();
await generateCatalog(handle.db, count, (done) => {
  if (done % 10_000 === 0 || done === count) console.log(`${done.toLocaleString('pt-BR')} produtos...`);
});
console.log(
  `${count.toLocaleString('pt-BR')} produtos gerados em ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
await handle.destroy();
