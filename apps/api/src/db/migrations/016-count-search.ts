import { foldText } from '../../lib/text.ts';
import type { MigrationDb } from '../schema-helpers.ts';

/**
 * The counts list searches its descriptions like every other list (each word, without regard to case or accents):
 * a folded copy of the description, written with the count. Before, a plain LIKE on the description ignored case on
 * SQLite only, so "balanço" found "Balanço mensal" there and nothing on PostgreSQL (decision 0038).
 */
export function countSearch() {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .alterTable('inventory_counts')
        .addColumn('search_text', 'varchar(500)', (col) => col.notNull().defaultTo(''))
        .execute();
      const counts = await db.selectFrom('inventory_counts').select(['id', 'description']).execute();
      for (const count of counts) {
        await db
          .updateTable('inventory_counts')
          .set({ search_text: foldText(count.description) })
          .where('id', '=', count.id)
          .execute();
      }
    },
  };
}
