import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { prepared } from '../../db/prepared.ts';
import { chunks } from '../../lib/chunks.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { plainArray } from '../../db/pg-arrays.ts';
import type { SavedBalance } from './posting-repository.ts';
import { branchOf } from './stock-accounts.ts';
import { groupMemo } from '../../db/group-commit.ts';
import { forgetEstablishmentAccounts } from './transfer-costs.ts';
import type { NewLedgerRow } from '../shared/stock-rules.ts';

/**
 * SQL of stock per place for the posting pipeline (DESIGN.md §6.3, decision 0068): where a new row goes (its
 * location, else the user's default, else the first establishment's), the own stock of establishments other than the
 * first (locked, saved, created at zero when first named) and each product's quantity per location.
 */

export interface PlaceOfLocation {
  id: number;
  name: string;
  establishmentId: number;
  /** the first establishment (the matriz): its own stock is the product's balance row */
  first: boolean;
  active: boolean;
}

/** The location a row goes to when it names none: the user's default (while active), else the matriz's. */
const defaultLocationQuery = prepared((db, userId: number) =>
  db
    .selectFrom('establishments as first')
    .leftJoin('users as u', (join) => join.on('u.id', '=', userId))
    .leftJoin('locations as mine', (join) =>
      join.onRef('mine.id', '=', 'u.default_location_id').on('mine.status', '=', 'active'),
    )
    .innerJoin('locations as l', (join) =>
      join.on(sql<boolean>`l.id = coalesce(${sql.ref('mine.id')}, ${sql.ref('first.default_location_id')})`),
    )
    .select(['first.id as first_id', 'l.id', 'l.name', 'l.establishment_id', 'l.status'])
    .orderBy('first.id')
    .limit(1),
);

const DEFAULT_PLACE = Symbol('default place');

/**
 * The place a row that names none goes to, read once per user in a group's transaction (the usual movement: racing
 * exits share a group and its read).
 */
async function defaultPlace(tx: Tx, userId: number): Promise<PlaceOfLocation> {
  const memo = groupMemo(tx);
  const known = memo?.get(DEFAULT_PLACE) as Map<number, PlaceOfLocation> | undefined;
  const hit = known?.get(userId);
  if (hit) return hit;
  const [row] = await defaultLocationQuery(tx, userId);
  if (!row) throw conflict('Nenhum depósito padrão está definido para a matriz.');
  const place = {
    id: row.id,
    name: row.name,
    establishmentId: row.establishment_id,
    first: row.first_id === row.establishment_id,
    active: row.status === 'active',
  };
  if (memo) memo.set(DEFAULT_PLACE, (known ?? new Map()).set(userId, place));
  return place;
}

/** Locations with their establishment, and which establishment is the first. */
export async function placesOf(tx: Tx | Db, ids: readonly number[]): Promise<Map<number, PlaceOfLocation>> {
  const out = new Map<number, PlaceOfLocation>();
  if (ids.length === 0) return out;
  const rows = await tx
    .selectFrom('locations as l')
    .select(['l.id', 'l.name', 'l.establishment_id', 'l.status'])
    .select((eb) => eb.selectFrom('establishments').select(eb.fn.min('id').as('m')).as('first_id'))
    .where('l.id', 'in', [...new Set(ids)])
    .execute();
  for (const row of rows) {
    out.set(row.id, {
      id: row.id,
      name: row.name,
      establishmentId: row.establishment_id,
      first: Number(row.first_id) === row.establishment_id,
      active: row.status === 'active',
    });
  }
  return out;
}

/** The own stock account of a product in an establishment other than the first, created at zero when first named. */
export async function establishmentStockFor(
  tx: Tx,
  productId: number,
  establishmentId: number,
  now: string,
): Promise<number> {
  const find = () =>
    tx
      .selectFrom('establishment_stock')
      .select('id')
      .where('product_id', '=', productId)
      .where('establishment_id', '=', establishmentId)
      .executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  forgetEstablishmentAccounts(tx, productId);
  await tx
    .insertInto('establishment_stock')
    .values({
      product_id: productId,
      establishment_id: establishmentId,
      quantity: '0',
      total_value: '0',
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['product_id', 'establishment_id']).doNothing())
    .execute();
  return (await find())!.id;
}

/**
 * Every new row placed: its location (given, else the user's default, else the first establishment's) and, in an
 * establishment other than the first, its account there. Positions (third parties' goods) keep no establishment.
 */
export async function placeRows(
  tx: Tx,
  rows: readonly NewLedgerRow[],
  userId: number,
  now: string,
): Promise<{ rows: NewLedgerRow[]; places: Map<number, PlaceOfLocation> }> {
  if (rows.length === 0) return { rows: [], places: new Map() };
  const named = [...new Set(rows.flatMap((row) => (row.locationId ? [row.locationId] : [])))];
  const places = await placesOf(tx, named);
  let fallback: PlaceOfLocation | null = null;
  if (named.length === 0 || rows.some((row) => !row.locationId)) {
    fallback = await defaultPlace(tx, userId);
    places.set(fallback.id, fallback);
  }
  const located = rows.map((row) => row.locationId || (fallback?.id as number));
  const branches = new Map<string, number>();
  const out: NewLedgerRow[] = [];
  for (const [i, row] of rows.entries()) {
    const locationId = located[i] as number;
    const place = places.get(locationId);
    if (!place) throw badRequest('Depósito não encontrado.', 'locationId');
    if (!place.active && row.locationId !== undefined && row.locationId !== null)
      throw conflict(`O depósito ${place.name} está inativo.`);
    let establishmentStockId: number | null = null;
    if (!place.first && (row.positionId === null || row.positionId === undefined)) {
      const key = `${row.productId}:${place.establishmentId}`;
      establishmentStockId = branches.get(key) ?? null;
      if (establishmentStockId === null) {
        establishmentStockId = await establishmentStockFor(tx, row.productId, place.establishmentId, now);
        branches.set(key, establishmentStockId);
      }
    }
    out.push({ ...row, locationId, establishmentStockId });
  }
  return { rows: out, places };
}

/** Saves other establishments' running figures (each saved balance's `productId` is its account). */
export async function saveBranches(tx: Tx, balances: readonly SavedBalance[], now: string): Promise<void> {
  for (const saved of balances) {
    const id = branchOf(saved.productId);
    if (id === null) continue;
    await tx
      .updateTable('establishment_stock')
      .set((eb) => ({
        quantity: saved.balance.quantity.toString(),
        total_value: saved.balance.totalValue.toString(),
        last_occurred_on: saved.lastDate,
        last_movement_at: eb.fn.coalesce(eb.val(saved.movedAt), eb.ref('last_movement_at')),
        updated_at: now,
      }))
      .where('id', '=', id)
      .execute();
  }
}

export const locationKey = (productId: number, locationId: number) => `${productId}:${locationId}`;

const oneProductQuery = prepared((db, productId: number) =>
  db
    .selectFrom('location_balances')
    .select(['product_id', 'location_id', 'quantity'])
    .where('product_id', '=', productId),
);

/**
 * Each product's quantity per location now, keyed by `locationKey` (read under the products' account locks). In a
 * group's transaction the quantities its writes left are remembered (`rememberLocations`), as the balance rows are:
 * racing exits of one product read them once per group.
 */
export async function locationQuantities(
  tx: Tx,
  productIds: readonly number[],
): Promise<Map<string, bigint>> {
  const memo = groupMemo(tx);
  const known = memo?.get(HELD_LOCATIONS) as HeldLocations | undefined;
  const out = new Map<string, bigint>();
  const missing = known ? productIds.filter((id) => !known.has(id)) : productIds;
  if (known) {
    for (const id of productIds) {
      for (const [locationId, quantity] of known.get(id) ?? [])
        out.set(locationKey(id, locationId), quantity);
    }
  }
  const [one] = missing;
  const parts = missing.length === 1 && one !== undefined ? [[one]] : chunks(missing, 5_000);
  const read: HeldLocations = new Map(missing.map((id) => [id, new Map()]));
  for (const part of parts) {
    const rows =
      part.length === 1
        ? await oneProductQuery(tx, part[0] as number)
        : await tx
            .selectFrom('location_balances')
            .select(['product_id', 'location_id', 'quantity'])
            .where('product_id', 'in', part)
            .execute();
    for (const row of rows) {
      const quantity = toBigInt(row.quantity);
      out.set(locationKey(row.product_id, row.location_id), quantity);
      read.get(row.product_id)?.set(row.location_id, quantity);
    }
  }
  if (memo) memo.set(HELD_LOCATIONS, new Map([...(known ?? []), ...read]));
  return out;
}

/** Per product, every location's quantity as the group's writes left it. */
type HeldLocations = Map<number, Map<number, bigint>>;
const HELD_LOCATIONS = Symbol('held location quantities');

/** After a write in a group's transaction: these locations now hold these quantities. */
export function rememberLocations(tx: Tx, figures: readonly LocationQuantity[]): void {
  const known = groupMemo(tx)?.get(HELD_LOCATIONS) as HeldLocations | undefined;
  if (!known) return;
  for (const { productId, locationId, quantity } of figures) known.get(productId)?.set(locationId, quantity);
}

export interface LocationQuantity {
  productId: number;
  locationId: number;
  quantity: bigint;
}

/** Saves products' quantities per location, set-based (insert or update). */
export async function saveLocationQuantities(
  tx: Tx,
  dialect: Dialect,
  figures: readonly LocationQuantity[],
  now: string,
): Promise<void> {
  const [only] = figures;
  if (dialect === 'sqlite' && only && figures.length === 1) {
    // the usual movement: one location of one product, a statement compiled once
    await saveOneQuery(tx, only.productId, only.locationId, only.quantity.toString(), now);
    return;
  }
  for (const part of chunks(figures, 5_000)) {
    const products = part.map((f) => f.productId);
    const locations = part.map((f) => f.locationId);
    const quantities = part.map((f) => f.quantity.toString());
    if (dialect === 'postgres') {
      await sql`insert into location_balances (product_id, location_id, quantity, updated_at)
        select p, l, q, ${now}::timestamptz from unnest(${plainArray(products)}::int[],
          ${plainArray(locations)}::int[], ${plainArray(quantities)}::bigint[]) as v(p, l, q)
        on conflict (product_id, location_id) do update set quantity = excluded.quantity,
          updated_at = excluded.updated_at`.execute(tx);
    } else {
      const json = `[${part.map((f) => `[${f.productId},${f.locationId},${f.quantity}]`).join(',')}]`;
      await sql`insert into location_balances (product_id, location_id, quantity, updated_at)
        select v.value ->> 0, v.value ->> 1, v.value ->> 2, ${now} from jsonb_each(${json}) as v where true
        on conflict (product_id, location_id) do update set quantity = excluded.quantity,
          updated_at = excluded.updated_at`.execute(tx);
    }
  }
}

const saveOneQuery = prepared((db, productId: number, locationId: number, quantity: string, now: string) =>
  db
    .insertInto('location_balances')
    .values({ product_id: productId, location_id: locationId, quantity, updated_at: now })
    .onConflict((oc) => oc.columns(['product_id', 'location_id']).doUpdateSet({ quantity, updated_at: now })),
);
