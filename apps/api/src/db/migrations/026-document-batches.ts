import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import { columnTypes, notNull, withId, type MigrationDb } from '../schema-helpers.ts';

/**
 * A month of documents in one go (DESIGN.md §6.4, decision 0070): the batches uploaded, the receipt each posted note
 * belongs to, and the cancellations SEFAZ registered (a note cancelled stays cancelled, also when its XML comes back
 * in a later upload).
 */
export function documentBatches(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable('document_batches'), dialect)
        .addColumn('file_name', 'varchar(200)', notNull)
        .addColumn('documents', 'integer', notNull)
        .addColumn('posted', 'integer', notNull)
        .addColumn('skipped', 'integer', notNull)
        .addColumn('cancelled', 'integer', notNull)
        .addColumn('occurred_on_rule', 'varchar(5)', notNull)
        /** JSON: the documents not posted, each with its key, file, status and reason */
        .addColumn('report', 'text', notNull)
        .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
        .addColumn('created_at', t.timestamp, notNull)
        .addColumn('undone_at', t.timestamp)
        .addColumn('undone_by', 'integer', (col) => col.references('users.id'))
        .execute();
      await db.schema
        .createIndex('document_batches_created_idx')
        .on('document_batches')
        .columns(['created_at', 'id'])
        .execute();
      // a receipt posted by a batch names it (null: the single-note import)
      const reference = dialect === 'postgres' ? ' references document_batches (id)' : '';
      await sql.raw(`alter table nfe_receipts add column batch_id integer${reference}`).execute(db);
      await db.schema.createIndex('nfe_receipts_batch_idx').on('nfe_receipts').column('batch_id').execute();
      await db.schema
        .createTable('nfe_cancellations')
        .addColumn('access_key', 'varchar(44)', (col) => col.primaryKey())
        .addColumn('event_type', 'varchar(6)', notNull)
        .addColumn('protocol', 'varchar(20)')
        .addColumn('registered_at', t.timestamp, notNull)
        /** the batch that brought the event (null: uploaded alone) */
        .addColumn('batch_id', 'integer', (col) => col.references('document_batches.id'))
        /** the imported note it undid, when there was one */
        .addColumn('receipt_id', 'integer', (col) => col.references('nfe_receipts.id'))
        .addColumn('created_at', t.timestamp, notNull)
        .execute();
      // the codes of the business's own notes that are not a product's SKU, learned when a batch maps them
      await db.schema
        .createTable('own_item_codes')
        .addColumn('code', 'varchar(60)', notNull)
        .addColumn('unit', 'varchar(6)', notNull)
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        .addColumn('product_unity_id', 'integer', (col) => col.notNull().references('product_unities.id'))
        .addColumn('created_at', t.timestamp, notNull)
        .addColumn('updated_at', t.timestamp, notNull)
        .addPrimaryKeyConstraint('own_item_codes_pk', ['code', 'unit'])
        .execute();
    },
  };
}
