import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { positionFigureAt } from '../stock/stock-public-service.ts';
import { itemValueOf, type InventoryPosition } from './inventory-rules.ts';
import type { PlaceValue } from './place-positions.ts';
import { toBigInt } from '../../db/database.ts';
import { productFigures } from './inventory-repository.ts';

/**
 * Goods held apart at the end of a date (decision 0065): ours with third parties (`sent`) and third parties' with us
 * (`held`), per product and participant, with who the participant is (the book's lists and Bloco H's 0150).
 */

export async function thirdPartyPositionsAt(
  db: Db | Tx,
  date: string,
  filter: { activeOnly?: boolean; categoryId?: number | null } = {},
): Promise<InventoryPosition[]> {
  let query = db
    .selectFrom('stock_positions as sp')
    .innerJoin('products as p', 'p.id', 'sp.product_id')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .innerJoin('suppliers as s', 's.id', 'sp.participant_id')
    .select(['sp.kind', 'p.id', 'p.sku', 'p.name', 'p.barcode', 'p.ncm', 'p.cest', 'p.item_type'])
    .select(['u.code as unity_code', 'u.name as unity_name', 's.id as participant_id', 's.document'])
    .select([
      's.name as participant_name',
      's.state_registration',
      's.city_code',
      's.street',
      's.street_number',
    ])
    .select('s.district')
    .select([positionFigureAt(date, 'quantity', 'balance_quantity').as('quantity')])
    .select([positionFigureAt(date, 'total_value', 'balance_value').as('total_value')]);
  if (filter.activeOnly) query = query.where('p.status', '=', 'active');
  if (filter.categoryId) query = query.where('p.category_id', '=', filter.categoryId);
  const rows = await query
    // modelo 7's separate lists: ours with third parties, then theirs with us; each by NCM, then name
    .orderBy(sql`case when sp.kind = 'sent' then 0 else 1 end`)
    .orderBy(sql`case when p.ncm is null or p.ncm = '' then 1 else 0 end`)
    .orderBy('p.ncm')
    .orderBy('p.name_sort')
    .orderBy('s.name_sort')
    .orderBy('sp.id')
    .execute();
  return rows.map((row) => ({
    ...productFigures(row),
    position: row.kind,
    participant: {
      id: row.participant_id,
      document: row.document,
      name: row.participant_name,
      stateRegistration: row.state_registration,
      cityCode: row.city_code,
      street: row.street,
      number: row.street_number,
      district: row.district,
    },
  }));
}

/** Our goods with third parties at the end of `date`, as much as a sum needs (see `placeValuesAt`). */
export async function sentValuesAt(
  db: Db | Tx,
  date: string,
  productIds?: readonly number[],
): Promise<PlaceValue[]> {
  const rows = await db
    .selectFrom('stock_positions as sp')
    .innerJoin('products as p', 'p.id', 'sp.product_id')
    .where('sp.kind', '=', 'sent')
    .$if(productIds !== undefined, (q) => q.where('p.id', 'in', productIds ?? []))
    .select(['p.id', 'p.category_id', 'p.name_sort'])
    .select([positionFigureAt(date, 'quantity', 'balance_quantity').as('quantity')])
    .select([positionFigureAt(date, 'total_value', 'balance_value').as('total_value')])
    .execute();
  return rows.flatMap((row) => {
    const quantity = toBigInt(row.quantity);
    const itemValue = itemValueOf(quantity, toBigInt(row.total_value));
    if (itemValue === null) return [];
    const line: PlaceValue = {
      productId: row.id,
      categoryId: row.category_id,
      nameSort: row.name_sort,
      position: 'sent',
      quantity,
      itemValue,
    };
    return [line];
  });
}
