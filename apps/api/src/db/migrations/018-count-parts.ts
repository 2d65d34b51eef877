import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import { columnTypes, notNull, type MigrationDb } from '../schema-helpers.ts';

/**
 * Counting together (decision 0050): each person's part of a counted line (their scans and typed totals), so a line
 * says who counted what; and blind counts, whose expected figures operators do not see. The parts of the lines
 * already counted are the whole line, by whoever wrote it last (what was known of them).
 */
export function countParts(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await db.schema
        .alterTable('inventory_counts')
        .addColumn('blind', t.flag, (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('count_item_parts')
        .addColumn('count_id', 'integer', (col) =>
          col.notNull().references('inventory_counts.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
        // may be negative: a typed total below the others' parts, or a scan taken back
        .addColumn('quantity', t.bigint, notNull)
        .addColumn('updated_at', t.timestamp, notNull)
        .addPrimaryKeyConstraint('count_item_parts_pk', ['count_id', 'product_id', 'user_id'])
        .execute();
      await sql`insert into count_item_parts (count_id, product_id, user_id, quantity, updated_at)
        select count_id, product_id, counted_by, counted_quantity, counted_at from inventory_count_items`.execute(
        db,
      );
    },
  };
}
