import type { MigrationDb } from '../schema-helpers.ts';

/**
 * The dashboard's "Últimas movimentações" reads the newest ledger rows (created_at desc, id desc, limit 10): without
 * this index both databases sort the whole ledger on every visit to Início. The below-minimum list walks active
 * products by name (products_status_idx) and joins each balance by its key, so it needs nothing more.
 */
export function dashboardIndexes() {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createIndex('stock_ledger_created_idx')
        .on('stock_ledger')
        .columns(['created_at', 'id'])
        .execute();
    },
  };
}
