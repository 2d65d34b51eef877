import { ABC_CUTOFFS, type TAbc, type TAbcRow } from '@armazem/contracts/reports';
import { divRound, formatScaled } from '@armazem/contracts/decimal';
import type { Db } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { moneyOut } from '../../lib/numbers.ts';
import { badRequest } from '../../lib/errors.ts';
import { scopeOf } from '../stock/stock-public-service.ts';
import { type Place } from '../inventory/inventory-public-service.ts';
import { exitsByProduct, productRefs } from './reports-repository.ts';

export interface ExitValue {
  productId: number;
  value: bigint;
}

/** One item of the curve: its exits' value, the cumulative value up to it (itself included) and its class. */
export interface CurveEntry extends ExitValue {
  cumulative: bigint;
  class: 'A' | 'B' | 'C';
}

const percent = (part: bigint, whole: bigint) =>
  formatScaled(whole === 0n ? 0n : divRound(part * 10_000n, whole), 2);

/**
 * The ABC curve of exits already ordered largest first (DESIGN.md §6.6): an item's class is the one in which its
 * cumulative share starts — A while the share before it is under 80 %, B under 95 %, else C — compared exactly, in
 * ten-thousandths of a real, not on rounded percentages.
 */
export function abcCurve(exits: readonly ExitValue[]) {
  const total = exits.reduce((sum, exit) => sum + exit.value, 0n);
  let before = 0n;
  const entries: CurveEntry[] = exits.map((exit) => {
    const klass =
      before * 100n < BigInt(ABC_CUTOFFS.a) * total
        ? 'A'
        : before * 100n < BigInt(ABC_CUTOFFS.b) * total
          ? 'B'
          : 'C';
    before += exit.value;
    return { ...exit, cumulative: before, class: klass };
  });
  const classes = (['A', 'B', 'C'] as const).map((name) => {
    const members = entries.filter((entry) => entry.class === name);
    return {
      class: name,
      products: members.length,
      exitsValue: moneyOut(members.reduce((sum, entry) => sum + entry.value, 0n)),
    };
  });
  return { entries, total, classes };
}

/** The rows of `entries` as the report writes them, with each product's SKU and name. */
export async function abcRows(db: Db, entries: readonly CurveEntry[], total: bigint): Promise<TAbcRow[]> {
  const refs = await productRefs(
    db,
    entries.map((entry) => entry.productId),
  );
  return entries.map((entry) => {
    const ref = refs.get(entry.productId);
    return {
      product: { id: entry.productId, sku: ref?.sku ?? '', name: ref?.name ?? '' },
      exitsValue: moneyOut(entry.value),
      share: percent(entry.value, total),
      cumulativeShare: percent(entry.cumulative, total),
      class: entry.class,
    };
  });
}

/** The whole curve of a period and place (every entry, unwritten) with the period's totals. */
export async function abc(db: Db, query: { from: string; to: string } & Place) {
  if (query.from > query.to) throw badRequest('A data inicial não pode ser posterior à final.', 'from');
  const scope = await scopeOf(db, query);
  const found = await exitsByProduct(db, scope, query.from, query.to);
  const curve = abcCurve(found.map((row) => ({ productId: row.id, value: toBigInt(row.exits_value) })));
  const summary: Omit<TAbc, 'data' | 'page' | 'pageSize' | 'total' | 'totalPages'> = {
    from: query.from,
    to: query.to,
    cutoffs: { ...ABC_CUTOFFS },
    exitsValue: moneyOut(curve.total),
    classes: curve.classes,
  };
  return { entries: curve.entries, total: curve.total, summary };
}
