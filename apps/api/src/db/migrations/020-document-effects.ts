import type { MigrationDb } from '../schema-helpers.ts';

/**
 * What each NF-e item meant (DESIGN.md §6.2): its effect and its fiscal reading (CFOP, CSTs, credits) are kept with
 * the receipt's item, and the items that moved no stock with the receipt. Items imported before this are purchases.
 */
export function documentEffects() {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .alterTable('nfe_receipt_items')
        .addColumn('effect', 'varchar(20)', (col) => col.notNull().defaultTo('purchase'))
        .execute();
      await db.schema.alterTable('nfe_receipt_items').addColumn('fiscal', 'text').execute();
      await db.schema.alterTable('nfe_receipts').addColumn('other_items', 'text').execute();
    },
  };
}
