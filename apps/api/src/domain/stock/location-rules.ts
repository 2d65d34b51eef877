import type { LedgerFact } from '../shared/stock-rules.ts';

/**
 * Never negative per location (DESIGN.md §6.3, decision 0068): an establishment's figures are checked by the ledger
 * replay; each of its locations' quantities by this walk over the same rows in the same order. Pure: the pipeline
 * hands it the quantities before the first row and answers the first row that would take a location below zero.
 */

export interface LocationShortage {
  index: number;
  locationId: number;
  occurredOn: string;
  available: bigint;
  requested: bigint;
}

export type LocationWalk =
  { ok: true; quantities: Map<number, bigint> } | { ok: false; shortage: LocationShortage };

const signed = (row: Pick<LedgerFact, 'direction' | 'baseQuantity'>) =>
  row.direction === 'in' ? row.baseQuantity : -row.baseQuantity;

/**
 * Each location's quantity before the first of `stored` (every live row from a date on, as stored): its quantity now
 * minus what those rows moved there.
 */
export function quantitiesBefore(
  now: (locationId: number) => bigint,
  stored: ReadonlyArray<Pick<LedgerFact, 'direction' | 'baseQuantity' | 'locationId'>>,
  also: Iterable<number>,
): Map<number, bigint> {
  const out = new Map<number, bigint>();
  for (const locationId of also) out.set(locationId, now(locationId));
  for (const row of stored) {
    if (row.locationId === undefined) continue;
    const before = out.get(row.locationId) ?? now(row.locationId);
    out.set(row.locationId, before - signed(row));
  }
  return out;
}

/** Walks rows in ledger order from `start`; the first location below zero stops it. */
export function walkLocations(
  start: ReadonlyMap<number, bigint>,
  rows: ReadonlyArray<Pick<LedgerFact, 'direction' | 'baseQuantity' | 'locationId' | 'occurredOn'>>,
): LocationWalk {
  const quantities = new Map(start);
  for (const [index, row] of rows.entries()) {
    if (row.locationId === undefined) continue;
    const before = quantities.get(row.locationId) ?? 0n;
    const after = before + signed(row);
    if (after < 0n) {
      return {
        ok: false,
        shortage: {
          index,
          locationId: row.locationId,
          occurredOn: row.occurredOn,
          available: before,
          requested: row.baseQuantity,
        },
      };
    }
    quantities.set(row.locationId, after);
  }
  return { ok: true, quantities };
}
