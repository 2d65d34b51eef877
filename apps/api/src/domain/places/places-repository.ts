import type { Db, Tx } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { EstablishmentTable } from '../../db/place-types.ts';
import type { Insertable, Updateable } from 'kysely';
import type { EstablishmentRow } from './places-rules.ts';

/** SQL of establishments and locations; no rule is decided here. */

export const ESTABLISHMENT_COLUMNS = [
  'id',
  'name',
  'document',
  'state_registration',
  'street',
  'street_number',
  'district',
  'city',
  'state',
  'zip',
  'city_code',
  'default_location_id',
  'status',
] as const;

export const listEstablishmentRows = (db: Db | Tx): Promise<EstablishmentRow[]> =>
  db.selectFrom('establishments').select(ESTABLISHMENT_COLUMNS).orderBy('id').execute();

export const findEstablishmentRow = (db: Db | Tx, id: number): Promise<EstablishmentRow | undefined> =>
  db.selectFrom('establishments').select(ESTABLISHMENT_COLUMNS).where('id', '=', id).executeTakeFirst();

/** The first establishment (the matriz, from settings). */
export const firstEstablishmentRow = (db: Db | Tx): Promise<EstablishmentRow | undefined> =>
  db.selectFrom('establishments').select(ESTABLISHMENT_COLUMNS).orderBy('id').limit(1).executeTakeFirst();

export async function insertEstablishment(
  tx: Tx,
  values: Omit<Insertable<EstablishmentTable>, 'created_at' | 'updated_at'>,
) {
  const now = nowIso();
  const row = await tx
    .insertInto('establishments')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEstablishment(tx: Tx, id: number, values: Updateable<EstablishmentTable>) {
  await tx
    .updateTable('establishments')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function documentTaken(tx: Tx, document: string, exceptId?: number) {
  let query = tx.selectFrom('establishments').select('id').where('document', '=', document);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

const locationQuery = (db: Db | Tx) =>
  db
    .selectFrom('locations as l')
    .innerJoin('establishments as e', 'e.id', 'l.establishment_id')
    .select(['l.id', 'l.establishment_id', 'l.name', 'l.status', 'e.default_location_id']);

export const listLocationRows = (db: Db | Tx, establishmentId?: number) =>
  locationQuery(db)
    .$call((q) => (establishmentId === undefined ? q : q.where('l.establishment_id', '=', establishmentId)))
    .orderBy('l.establishment_id')
    .orderBy('l.name')
    .orderBy('l.id')
    .execute();

export const findLocationRow = (db: Db | Tx, id: number) =>
  locationQuery(db).where('l.id', '=', id).executeTakeFirst();

export async function locationNameTaken(tx: Tx, establishmentId: number, name: string, exceptId?: number) {
  let query = tx
    .selectFrom('locations')
    .select('id')
    .where('establishment_id', '=', establishmentId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertLocation(tx: Tx, establishmentId: number, name: string) {
  const now = nowIso();
  const row = await tx
    .insertInto('locations')
    .values({ establishment_id: establishmentId, name, status: 'active', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLocation(
  tx: Tx,
  id: number,
  values: { name?: string; status?: 'active' | 'inactive' },
) {
  await tx
    .updateTable('locations')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function deleteLocation(tx: Tx, id: number) {
  await tx.deleteFrom('locations').where('id', '=', id).execute();
}

/** Whether a location holds stock or any movement (a ledger row, a transfer, a count names it). */
export async function locationInUse(tx: Tx, id: number) {
  const [row, stock, transfer, count] = await Promise.all([
    tx.selectFrom('stock_ledger').select('id').where('location_id', '=', id).limit(1).executeTakeFirst(),
    tx
      .selectFrom('location_balances')
      .select('product_id')
      .where('location_id', '=', id)
      .where('quantity', '<>', '0')
      .limit(1)
      .executeTakeFirst(),
    tx
      .selectFrom('stock_transfers')
      .select('id')
      .where((eb) => eb.or([eb('from_location_id', '=', id), eb('to_location_id', '=', id)]))
      .limit(1)
      .executeTakeFirst(),
    // a count (even an open or discarded one) answers its location: it keeps naming it
    tx.selectFrom('inventory_counts').select('id').where('location_id', '=', id).limit(1).executeTakeFirst(),
  ]);
  return row !== undefined || stock !== undefined || transfer !== undefined || count !== undefined;
}

/** Users whose default location is this one lose it with the location. */
export async function forgetDefaultLocation(tx: Tx, id: number) {
  await tx
    .updateTable('users')
    .set({ default_location_id: null })
    .where('default_location_id', '=', id)
    .execute();
}
