import type { Db, Tx } from '../../db/database.ts';
import type { PlaceOfInventory } from './inventory-place.ts';
import { categoryValuesAt, placeValuesAt, type PlaceValue } from './place-positions.ts';
import { sentValuesAt } from './third-party-repository.ts';

/** The inventory's lines as much as a sum needs (the owner's reports, decision 0079): part of the inventory service. */
export function placeLines(db: Db) {
  return {
    /**
     * The inventory's lines of a place at the end of `date` (not after today), as much as a sum needs (the owner's
     * reports): the same figures and line values as `inventoryAt`, without the book's columns or order, and without
     * the third parties' goods we hold; only `productIds`' lines when given.
     */
    async valuesAt(
      date: string,
      where: PlaceOfInventory,
      productIds?: readonly number[],
    ): Promise<PlaceValue[]> {
      const whole = where.scope.kind === 'establishment' && where.scope.first;
      if (productIds?.length === 0) return [];
      const [own, sent] = await Promise.all([
        placeValuesAt(db, date, where.scope, productIds),
        whole ? sentValuesAt(db, date, productIds) : [],
      ]);
      return [...own, ...sent];
    },

    /**
     * The same lines summed per category id (`valuesAt`'s figures, summed by the database where it can). `on`: the
     * transaction to read in.
     */
    async categoryValuesAt(date: string, where: PlaceOfInventory, on: Db | Tx = db) {
      const whole = where.scope.kind === 'establishment' && where.scope.first;
      const [sums, sent] = await Promise.all([
        categoryValuesAt(on, date, where.scope),
        whole ? sentValuesAt(on, date) : [],
      ]);
      for (const line of sent) sums.set(line.categoryId, (sums.get(line.categoryId) ?? 0n) + line.itemValue);
      return sums;
    },
  };
}
