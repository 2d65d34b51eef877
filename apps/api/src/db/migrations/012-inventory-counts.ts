import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import { columnTypes, notNull, withId, type MigrationDb } from '../schema-helpers.ts';

/**
 * Inventory counts (balanço): a count on a date, optionally of one category; each counted product keeps who counted
 * it and when (last write wins); a posted count's adjustments carry its id on the ledger, so undoing it cancels
 * exactly those rows.
 */
export function inventoryCounts(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable('inventory_counts'), dialect)
        .addColumn('counted_on', t.date, notNull)
        .addColumn('description', 'varchar(2000)')
        .addColumn('category_id', 'integer', (col) => col.references('categories.id'))
        .addColumn('status', 'varchar(10)', (col) =>
          col
            .notNull()
            .defaultTo('open')
            .check(sql`status in ('open', 'posted', 'discarded')`),
        )
        .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
        .addColumn('created_at', t.timestamp, notNull)
        .addColumn('posted_by', 'integer', (col) => col.references('users.id'))
        .addColumn('posted_at', t.timestamp)
        .addColumn('undone_by', 'integer', (col) => col.references('users.id'))
        .addColumn('undone_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('inventory_counts_date_idx')
        .on('inventory_counts')
        .columns(['counted_on', 'id'])
        .execute();

      await db.schema
        .createTable('inventory_count_items')
        .addColumn('count_id', 'integer', (col) =>
          col.notNull().references('inventory_counts.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        .addColumn('counted_quantity', t.bigint, (col) => col.notNull().check(sql`counted_quantity >= 0`))
        .addColumn('counted_by', 'integer', (col) => col.notNull().references('users.id'))
        .addColumn('counted_at', t.timestamp, notNull)
        // what the posting found and valued (null until the count is posted)
        .addColumn('expected_quantity', t.bigint)
        .addColumn('unit_cost', t.bigint)
        .addPrimaryKeyConstraint('inventory_count_items_pk', ['count_id', 'product_id'])
        .execute();

      await db.schema.alterTable('stock_ledger').addColumn('count_id', 'integer').execute();
      await db.schema
        .createIndex('stock_ledger_count_idx')
        .on('stock_ledger')
        .column('count_id')
        .where(sql.ref('count_id'), 'is not', null)
        .execute();
    },
  };
}
