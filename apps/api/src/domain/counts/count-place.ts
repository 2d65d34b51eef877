import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { chunks } from '../../lib/chunks.ts';
import { lastEntryCosts } from '../inventory/inventory-public-service.ts';
import { ledgerOrderSql } from '../stock/stock-public-service.ts';
import { placesOf } from '../stock/stock-public-service.ts';
import { costPerBaseUnit } from '../shared/stock-rules.ts';
import type { CountPlace } from './count-lines-repository.ts';
import { defaultCountLocation } from './counts-repository.ts';

/**
 * Where a count counts (DESIGN.md §6.3, decision 0069): one location, whose quantities are the expected ones and
 * where its adjustments go, valued at its establishment's average cost.
 */

/** The location a new count counts: the one named (existing and active), else the user's default, else the matriz's. */
export async function newCountLocation(db: Db | Tx, userId: number, locationId: number | null | undefined) {
  const id = locationId ?? (await defaultCountLocation(db, userId));
  if (id === null) throw conflict('Nenhum depósito padrão está definido para a matriz.');
  const place = (await placesOf(db, [id])).get(id);
  if (!place) throw badRequest('Depósito não encontrado.', 'locationId');
  if (!place.active) throw conflict(`O depósito ${place.name} está inativo: escolha outro para o balanço.`);
  return place;
}

/** A count's location with its establishment. */
export async function countPlace(db: Db | Tx, locationId: number): Promise<CountPlace> {
  const place = (await placesOf(db, [locationId])).get(locationId);
  if (!place) throw conflict('O depósito deste balanço não existe mais.');
  return { locationId: place.id, establishmentId: place.establishmentId, first: place.first };
}

/**
 * What a surplus is valued at when the establishment holds none of the product at the date: its last entry cost there
 * (an establishment other than the first: its own last entry), else as the first establishment's inventory reads it
 * (its last entry, else the registered cost price).
 */
export async function fallbackCosts(
  db: Db | Tx,
  place: CountPlace,
  date: string,
  productIds: readonly number[],
): Promise<Map<number, bigint>> {
  if (productIds.length === 0) return new Map();
  if (place.first) return lastEntryCosts(db, date, productIds);
  const costs = new Map<number, bigint>();
  for (const part of chunks(productIds, 500)) {
    const rows = await db
      .selectFrom('establishment_stock as es')
      .innerJoin('stock_ledger as x', (join) =>
        join.on(
          sql<boolean>`x.id = (select y.id from stock_ledger as y where y.establishment_stock_id = es.id
            and y.cancelled_at is null and y.direction = 'in' and y.occurred_on <= ${date}
            order by ${ledgerOrderSql('y', 'desc')} limit 1)`,
        ),
      )
      .select(['es.product_id', 'x.total_cost', 'x.base_quantity'])
      .where('es.establishment_id', '=', place.establishmentId)
      .where('es.product_id', 'in', part)
      .execute();
    for (const row of rows) {
      const quantity = toBigInt(row.base_quantity);
      if (quantity > 0n) costs.set(row.product_id, costPerBaseUnit(toBigInt(row.total_cost), quantity));
    }
  }
  const rest = productIds.filter((id) => !costs.has(id));
  if (rest.length > 0) for (const [id, cost] of await lastEntryCosts(db, date, rest)) costs.set(id, cost);
  return costs;
}
