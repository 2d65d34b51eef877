import { ABC_CUTOFFS, type TAbc, type TAbcRow } from '@armazem/contracts/reports';
import { divRound, formatScaled } from '@armazem/contracts/decimal';
import type { Db } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { moneyOut } from '../../lib/numbers.ts';
import { badRequest } from '../../lib/errors.ts';
import { scopeOf } from '../stock/stock-scope.ts';
import type { Place } from '../inventory/inventory-place.ts';
import { exitsByProduct } from './reports-repository.ts';

export interface ExitValue {
  product: TAbcRow['product'];
  value: bigint;
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
  const rows: TAbcRow[] = exits.map(({ product, value }) => {
    const klass =
      before * 100n < BigInt(ABC_CUTOFFS.a) * total
        ? 'A'
        : before * 100n < BigInt(ABC_CUTOFFS.b) * total
          ? 'B'
          : 'C';
    before += value;
    return {
      product,
      exitsValue: moneyOut(value),
      share: percent(value, total),
      cumulativeShare: percent(before, total),
      class: klass,
    };
  });
  const classes = (['A', 'B', 'C'] as const).map((name) => {
    const members = exits.filter((_, index) => rows[index]!.class === name);
    return {
      class: name,
      products: members.length,
      exitsValue: moneyOut(members.reduce((sum, exit) => sum + exit.value, 0n)),
    };
  });
  return { rows, total, classes };
}

/** The whole curve of a period and place, every row (the file) or one page of it (the screen). */
export async function abc(db: Db, query: { from: string; to: string } & Place) {
  if (query.from > query.to) throw badRequest('A data inicial não pode ser posterior à final.', 'from');
  const scope = await scopeOf(db, query);
  const found = await exitsByProduct(db, scope, query.from, query.to);
  const curve = abcCurve(
    found.map((row) => ({
      product: { id: row.id, sku: row.sku, name: row.name },
      value: toBigInt(row.exits_value),
    })),
  );
  const summary: Omit<TAbc, 'data' | 'page' | 'pageSize' | 'total' | 'totalPages'> = {
    from: query.from,
    to: query.to,
    cutoffs: { ...ABC_CUTOFFS },
    exitsValue: moneyOut(curve.total),
    classes: curve.classes,
  };
  return { rows: curve.rows, summary };
}
