import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import { columnTypes, notNull, withId, type MigrationDb } from '../schema-helpers.ts';

/**
 * NF-e receipts: the supplier's invoice as imported (its original XML kept byte for byte), its items with the
 * product each became and the lots the invoice declared, the supplier item codes learned at import, and the
 * ledger's link to the receipt its rows came from.
 */
export function nfeReceipts(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable('nfe_receipts'), dialect)
        .addColumn('access_key', 'varchar(44)', notNull)
        .addColumn('number', 'varchar(9)', notNull)
        .addColumn('series', 'varchar(3)', notNull)
        .addColumn('issued_at', t.timestamp, notNull)
        .addColumn('supplier_id', 'integer', (col) => col.notNull().references('suppliers.id'))
        .addColumn('file_name', 'varchar(200)', notNull)
        .addColumn('xml', dialect === 'postgres' ? 'bytea' : 'blob', notNull)
        .addColumn('items', 'integer', notNull)
        .addColumn('total_cost', t.bigint, notNull)
        .addColumn('invoice_total', t.bigint, notNull)
        .addColumn('occurred_on', t.date, notNull)
        .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
        .addColumn('created_at', t.timestamp, notNull)
        .addColumn('undone_at', t.timestamp)
        .addColumn('undone_by', 'integer', (col) => col.references('users.id'))
        .execute();
      // One standing import per key; after an undo the same note may be imported again.
      await sql`create unique index nfe_receipts_key_once on nfe_receipts (access_key) where undone_at is null`.execute(
        db,
      );
      await db.schema
        .createIndex('nfe_receipts_created_idx')
        .on('nfe_receipts')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('nfe_receipts_supplier_idx')
        .on('nfe_receipts')
        .column('supplier_id')
        .execute();

      await withId(db.schema.createTable('nfe_receipt_items'), dialect)
        .addColumn('receipt_id', 'integer', (col) => col.notNull().references('nfe_receipts.id'))
        .addColumn('item', 'integer', notNull)
        .addColumn('supplier_code', 'varchar(60)', notNull)
        .addColumn('gtin', 'varchar(14)')
        .addColumn('description', 'varchar(200)', notNull)
        .addColumn('unit', 'varchar(6)', notNull)
        .addColumn('quantity', t.bigint, notNull)
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        .addColumn('product_unity_id', 'integer', (col) => col.notNull().references('product_unities.id'))
        .addColumn('total_cost', t.bigint, notNull)
        .addColumn('lots', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('nfe_receipt_items_receipt_idx')
        .on('nfe_receipt_items')
        .columns(['receipt_id', 'item'])
        .execute();

      await withId(db.schema.createTable('supplier_item_codes'), dialect)
        .addColumn('supplier_id', 'integer', (col) => col.notNull().references('suppliers.id'))
        .addColumn('supplier_code', 'varchar(60)', notNull)
        .addColumn('supplier_unit', 'varchar(6)', notNull)
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        .addColumn('product_unity_id', 'integer', (col) => col.notNull().references('product_unities.id'))
        .addColumn('created_at', t.timestamp, notNull)
        .addColumn('updated_at', t.timestamp, notNull)
        .addUniqueConstraint('supplier_item_codes_once', ['supplier_id', 'supplier_code', 'supplier_unit'])
        .execute();

      await db.schema
        .alterTable('stock_ledger')
        .addColumn('nfe_id', 'integer', (col) => col.references('nfe_receipts.id'))
        .execute();
      await db.schema
        .createIndex('stock_ledger_nfe_idx')
        .on('stock_ledger')
        .column('nfe_id')
        .where(sql.ref('nfe_id'), 'is not', null)
        .execute();
    },
  };
}
