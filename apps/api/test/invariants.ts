import { toBigInt, type Db } from '../src/db/database.ts';

/** balance = Σ entries − Σ exits (quantity and value) over non-cancelled ledger rows, for every product. */
export async function assertLedgerInvariant(db: Db): Promise<void> {
  const balances = await db
    .selectFrom('stock_balances')
    .select(['product_id', 'quantity', 'total_value'])
    .execute();
  const sums = await db
    .selectFrom('stock_ledger')
    .select((eb) => [
      'product_id',
      eb.fn
        .sum<string | number>(
          eb
            .case()
            .when('direction', '=', 'in')
            .then(eb.ref('base_quantity'))
            .else(eb.neg(eb.ref('base_quantity')))
            .end(),
        )
        .as('quantity'),
      eb.fn
        .sum<string | number>(
          eb
            .case()
            .when('direction', '=', 'in')
            .then(eb.ref('total_cost'))
            .else(eb.neg(eb.ref('total_cost')))
            .end(),
        )
        .as('value'),
    ])
    .where('cancelled_at', 'is', null)
    .groupBy('product_id')
    .execute();
  const byProduct = new Map(sums.map((row) => [row.product_id, row]));
  for (const balance of balances) {
    const sum = byProduct.get(balance.product_id);
    const expectedQuantity = toBigInt(sum?.quantity ?? 0);
    const expectedValue = toBigInt(sum?.value ?? 0);
    if (toBigInt(balance.quantity) !== expectedQuantity || toBigInt(balance.total_value) !== expectedValue) {
      throw new Error(
        `produto ${balance.product_id}: saldo ${balance.quantity}/${balance.total_value}, razão ${expectedQuantity}/${expectedValue}`,
      );
    }
    if (toBigInt(balance.quantity) < 0n) throw new Error(`produto ${balance.product_id}: saldo negativo`);
  }
}
