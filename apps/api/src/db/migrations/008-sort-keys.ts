import { sql } from 'kysely';
import type { MigrationDb } from '../schema-helpers.ts';
import type { Dialect } from '../types.ts';
import { sortKey } from '../../lib/text.ts';

/** [table, column folded, sort-key column, index columns] — see docs/decisions/0012. */
const SORT_KEYS = [
  ['products', 'name', 'name_sort', true],
  ['suppliers', 'name', 'name_sort', true],
  ['suppliers', 'trade_name', 'trade_name_sort', false],
  ['categories', 'name', 'name_sort', false],
  ['users', 'name', 'name_sort', false],
] as const;

const BATCH = 1000;

/**
 * Portuguese-aware ordering on both databases: node:sqlite cannot register a collation, so each sortable name gets
 * a maintained lower-case, accent-free copy ("Água" → "agua") that SQLite and PostgreSQL order the same way.
 */
export function sortKeys(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      for (const [table, source, target, indexed] of SORT_KEYS) {
        await db.schema
          .alterTable(table)
          // byte order on PostgreSQL too, whatever the database's collation: the same order as SQLite
          .addColumn(target, 'varchar(500)', (col) =>
            (dialect === 'postgres' ? col.modifyFront(sql`collate "C"`) : col).notNull().defaultTo(''),
          )
          .execute();
        for (let lastId = 0; ;) {
          const rows: Array<{ id: number; value: string | null }> = await db
            .selectFrom(table)
            .select(['id', `${source} as value`])
            .where('id', '>', lastId)
            .orderBy('id')
            .limit(BATCH)
            .execute();
          if (rows.length === 0) break;
          for (const row of rows) {
            await db
              .updateTable(table)
              .set({ [target]: sortKey(row.value) })
              .where('id', '=', row.id)
              .execute();
          }
          lastId = Number(rows[rows.length - 1]!.id);
        }
        if (indexed) {
          await db.schema.createIndex(`${table}_${target}_idx`).on(table).columns([target, 'id']).execute();
        }
      }
    },
  };
}
