// 1,000 concurrent exits against one product, over real HTTP on loopback:
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node apps/api/bench/stock-exits.bench.ts [exits] [in-flight]
// Stock starts at half the number of exits, so exactly half must succeed, the rest get 409, none 5xx.
import { buildTestApp, signUpAndLogin } from '../test/helper.ts';
import { assertLedgerInvariant } from '../test/invariants.ts';
import { createProduct, defaultUnityId, stockIn } from '../test/factories.ts';

const exits = Number(process.argv[2] ?? 1000);
const inFlight = Number(process.argv[3] ?? 100);
const ctx = await buildTestApp();
try {
  const cookie = await signUpAndLogin(ctx.app, 'bench@armazem.com.br');
  const product = await createProduct(ctx.app, cookie, { name: 'Produto Disputado' });
  const unit = await defaultUnityId(ctx.app, cookie, product.id);
  await stockIn(ctx.app, cookie, {
    productId: product.id,
    productUnityId: unit,
    quantity: exits / 2,
    unitCost: '7.7777',
  });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });

  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < exits) {
      next += 1;
      const response = await fetch(`${address}/api/stock/out/v1`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ productId: product.id, productUnityId: unit, quantity: 1, reason: 'venda' }),
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const seconds = (performance.now() - started) / 1000;

  const stock = (await ctx.app.inject({ url: `/api/products/v1/${product.id}`, headers: { cookie } })).json()
    .stock;
  await assertLedgerInvariant(ctx.handle.db);
  console.log(
    `[${ctx.handle.dialect}] ${exits} saídas concorrentes (${inFlight} simultâneas): ${seconds.toFixed(2)} s, ` +
      `${Math.round(exits / seconds)} saídas/s; respostas ${JSON.stringify(Object.fromEntries(statuses))}; ` +
      `saldo final ${stock.quantity} (valor ${stock.totalValue}); invariante ok`,
  );
  if (statuses.get(201) !== exits / 2 || statuses.get(409) !== exits / 2 || stock.quantity !== '0.000')
    process.exitCode = 1;
} finally {
  await ctx.close();
}
