import type { MigrationDb } from '../schema-helpers.ts';

/**
 * The fields the fiscal documents of the second release read (NF-e receipts, the Registro de Inventário and SPED
 * Bloco H): a product's NCM, CEST and EFD item type; a supplier's state registration and address; and a status on
 * the reference data the business now manages itself (categories, units, packaging types).
 */
export function fiscalFields() {
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable('products').addColumn('ncm', 'varchar(8)').execute();
      await db.schema.alterTable('products').addColumn('cest', 'varchar(7)').execute();
      await db.schema
        .alterTable('products')
        .addColumn('item_type', 'varchar(2)', (col) => col.notNull().defaultTo('00'))
        .execute();
      await db.schema.createIndex('products_ncm_idx').on('products').columns(['ncm', 'id']).execute();

      for (const table of ['categories', 'unities', 'unity_batches']) {
        await db.schema
          .alterTable(table)
          .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('active'))
          .execute();
      }

      for (const column of [
        ['state_registration', 'varchar(20)'],
        ['street', 'varchar(200)'],
        ['street_number', 'varchar(20)'],
        ['district', 'varchar(100)'],
        ['city', 'varchar(100)'],
        ['state', 'varchar(2)'],
        ['zip', 'varchar(8)'],
      ] as const) {
        await db.schema.alterTable('suppliers').addColumn(column[0], column[1]).execute();
      }
    },
  };
}
