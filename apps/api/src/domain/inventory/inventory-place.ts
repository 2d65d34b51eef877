import type { Db } from '../../db/database.ts';
import { ESTABLISHMENT_COLUMNS } from '../places/places-public-service.ts';
import { addressLine } from '../places/places-public-service.ts';
import { scopeOf, type StockScope } from '../stock/stock-public-service.ts';
import type { InventoryData } from './inventory-rules.ts';

/**
 * Whose inventory (DESIGN.md §6.3, decision 0068): one establishment (each CNPJ files its own book and Bloco H;
 * default the first, the matriz) or one location. The book's header names that establishment's CNPJ and IE.
 */

export interface Place {
  establishmentId?: number | undefined;
  locationId?: number | undefined;
}

export interface PlaceOfInventory {
  scope: Exclude<StockScope, { kind: 'all' }>;
  establishment: {
    id: number;
    name: string;
    document: string | null;
    stateRegistration: string | null;
    /** street, number, district, city/UF, CEP as one line ('' when none is recorded) */
    address: string;
  };
  location: { id: number; name: string } | null;
  /** more than one establishment: files name theirs */
  several: boolean;
}

export type PlacedInventory = InventoryData & { place: PlaceOfInventory };

export async function placeOf(db: Db, place: Place): Promise<PlaceOfInventory> {
  const found = await scopeOf(db, place);
  const establishments = await db
    .selectFrom('establishments')
    .select(ESTABLISHMENT_COLUMNS)
    .orderBy('id')
    .execute();
  const first = establishments[0];
  if (!first) throw new Error('nenhum estabelecimento');
  const scope: PlaceOfInventory['scope'] =
    found.kind === 'all' ? { kind: 'establishment', establishmentId: first.id, first: true } : found;
  const row = establishments.find((e) => e.id === scope.establishmentId) ?? first;
  const location =
    scope.kind === 'location'
      ? await db
          .selectFrom('locations')
          .select(['id', 'name'])
          .where('id', '=', scope.locationId)
          .executeTakeFirstOrThrow()
      : null;
  return {
    scope,
    establishment: {
      id: row.id,
      name: row.name,
      document: row.document,
      stateRegistration: row.state_registration,
      address: addressLine(row),
    },
    location,
    several: establishments.length > 1,
  };
}

/**
 * The book's header and terms: the business's name with the establishment's (and location's) name, its CNPJ, IE and
 * address (the settings' address when the establishment has none recorded).
 */
export function headerOf<
  S extends {
    businessName: string;
    businessDocument: string;
    businessStateRegistration: string;
    businessAddress: string;
  },
>(settings: S, place: PlaceOfInventory): S {
  if (!place.several && !place.location) return settings;
  const names = [settings.businessName, place.establishment.name, place.location?.name].filter(Boolean);
  return {
    ...settings,
    businessName: names.join(' — '),
    businessDocument: place.establishment.document ?? settings.businessDocument,
    businessStateRegistration: place.establishment.stateRegistration ?? '',
    businessAddress: place.establishment.address || settings.businessAddress,
  };
}

/** What a file's name adds to say whose it is: the CNPJ with more than one establishment, the location's id. */
export function placeSuffix(place: PlaceOfInventory): string {
  const parts: string[] = [];
  if (place.several && place.establishment.document) parts.push(place.establishment.document);
  if (place.location) parts.push(`deposito-${place.location.id}`);
  return parts.map((part) => `${part}-`).join('');
}
