import type { TStockValue } from '@armazem/contracts/reports';
import { moneyOut } from '../../lib/numbers.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/dates.ts';
import type { Place } from '../inventory/inventory-place.ts';
import type { InventoryService } from '../inventory/inventory-service.ts';
import { monthEnds } from './reports-rules.ts';

interface Deps {
  db: Db;
  clock: Clock;
  inventory: Pick<InventoryService, 'inventoryAt'>;
}

type Category = { id: number; name: string };

async function categoriesOfProducts(db: Db): Promise<Map<number, Category>> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'c.id as category_id', 'c.name as category_name'])
    .execute();
  return new Map(rows.map((row) => [row.id, { id: row.category_id, name: row.category_name }]));
}

/**
 * Own stock value at each month end, by category (decision 0078): each month end is the inventory at that date, read
 * through the inventory's own call, so a month's total is its `totalValue` and each category's value the sum of its
 * lines' centavos. Own goods with us and with third parties count; third parties' goods we hold do not.
 */
export async function stockValue(
  { db, clock, inventory }: Deps,
  from: string,
  to: string,
  place: Place,
): Promise<TStockValue> {
  const ends = monthEnds(from, to, clock.today());
  const categories = await categoriesOfProducts(db);
  const data: TStockValue['data'] = [];
  const totals: TStockValue['totals'] = [];
  let where: Awaited<ReturnType<Deps['inventory']['inventoryAt']>>['place'] | null = null;
  for (const { month, date } of ends) {
    // one month end at a time: each inventory holds every product's line
    const found = await inventory.inventoryAt(date, place);
    where = found.place;
    const byCategory = new Map<number, { category: Category; value: bigint }>();
    for (const item of found.items) {
      if (item.position === 'held') continue;
      const category = categories.get(item.productId);
      if (!category) continue;
      const entry = byCategory.get(category.id) ?? { category, value: 0n };
      entry.value += item.itemValue;
      byCategory.set(category.id, entry);
    }
    const sorted = [...byCategory.values()].sort((a, b) =>
      a.category.name.localeCompare(b.category.name, 'pt-BR'),
    );
    for (const { category, value } of sorted)
      data.push({ month, date, category, totalValue: moneyOut(value) });
    totals.push({ month, date, totalValue: moneyOut(found.totalValue) });
  }
  if (!where) throw new Error('nenhum mês no período');
  const { establishment, location } = where;
  return {
    from,
    to,
    establishment: { id: establishment.id, name: establishment.name },
    location,
    data,
    totals,
  };
}
