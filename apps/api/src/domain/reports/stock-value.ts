import type { TStockValue } from '@armazem/contracts/reports';
import { moneyOut } from '../../lib/numbers.ts';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import type { Clock } from '../../lib/dates.ts';
import { type Place } from '../inventory/inventory-public-service.ts';
import type { InventoryService } from '../inventory/inventory-service.ts';
import { monthEnds } from './reports-rules.ts';
import { keepMonthValues, keptMonthValues, scopeKey, TOTAL, withTotal } from './month-values.ts';

interface Deps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  inventory: Pick<InventoryService, 'placeOf' | 'categoryValuesAt'>;
}

/**
 * Own stock value at each month end, by category (decisions 0078 and 0079): each month end is the inventory's lines
 * at that date (the inventory's own figures and line values), so a month's total is the inventory's `totalValue`
 * and each category's value the sum of its lines' centavos. Own goods with us and with third parties count; third
 * parties' goods we hold do not. A past month end, once read, is kept until a ledger write on or before it; the
 * current month (read today) is read every time.
 */
export async function stockValue(deps: Deps, from: string, to: string, place: Place): Promise<TStockValue> {
  const { db, dialect, clock, inventory } = deps;
  const today = clock.today();
  const ends = monthEnds(from, to, today);
  const where = await inventory.placeOf(place);
  const key = scopeKey(where);
  const kept = await keptMonthValues(
    db,
    key,
    ends.flatMap((end) => (end.date < today ? [end.date] : [])),
  );
  const names = new Map(
    (await db.selectFrom('categories').select(['id', 'name']).execute()).map((row) => [row.id, row.name]),
  );
  const data: TStockValue['data'] = [];
  const totals: TStockValue['totals'] = [];
  for (const { month, date } of ends) {
    // one month end at a time: a past one kept, or read (and kept); today's always read
    const values =
      kept.get(date) ??
      (date < today
        ? await keepMonthValues(db, dialect, key, date, async (tx) =>
            withTotal(await inventory.categoryValuesAt(date, where, tx)),
          )
        : withTotal(await inventory.categoryValuesAt(date, where)));
    const categories = [...values]
      .flatMap(([id, value]) =>
        id === TOTAL ? [] : [{ category: { id, name: names.get(id) ?? '' }, value }],
      )
      .sort((a, b) => a.category.name.localeCompare(b.category.name, 'pt-BR'));
    for (const { category, value } of categories)
      data.push({ month, date, category, totalValue: moneyOut(value) });
    totals.push({ month, date, totalValue: moneyOut(values.get(TOTAL) ?? 0n) });
  }
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
