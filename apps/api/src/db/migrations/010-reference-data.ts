import { sql } from 'kysely';
import type { MigrationDb } from '../schema-helpers.ts';
import type { Dialect } from '../types.ts';
import { sortKey } from '../../lib/text.ts';

const TABLES = ['categories', 'unities', 'unity_batches'] as const;

/**
 * The business now adds and renames its categories, units and packaging types (decision 0024): a name is unique
 * without regard to case or accents, held by a unique index on its sort key (lower-case, accent-free, decision 0012),
 * and a unit's code is upper-case. Existing rows that would clash get a " (2)", " (3)"… suffix, never lost.
 */
export function referenceData(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      for (const table of ['unities', 'unity_batches'] as const) {
        await db.schema
          .alterTable(table)
          .addColumn('name_sort', 'varchar(500)', (col) =>
            (dialect === 'postgres' ? col.modifyFront(sql`collate "C"`) : col).notNull().defaultTo(''),
          )
          .execute();
      }
      for (const table of TABLES) {
        const rows: Array<{ id: number; name: string }> = await db
          .selectFrom(table)
          .select(['id', 'name'])
          .orderBy('id')
          .execute();
        const taken = new Set<string>();
        for (const row of rows) {
          let name = row.name;
          for (let n = 2; taken.has(sortKey(name)); n++) name = `${row.name} (${n})`;
          taken.add(sortKey(name));
          await db
            .updateTable(table)
            .set({ name, name_sort: sortKey(name) })
            .where('id', '=', row.id)
            .execute();
        }
        await db.schema.createIndex(`${table}_name_sort_uq`).on(table).column('name_sort').unique().execute();
      }
      const units: Array<{ id: number; code: string }> = await db
        .selectFrom('unities')
        .select(['id', 'code'])
        .execute();
      const codes = new Set(units.map((unit) => unit.code));
      for (const unit of units) {
        const upper = unit.code.toUpperCase();
        if (upper !== unit.code && !codes.has(upper)) {
          await db.updateTable('unities').set({ code: upper }).where('id', '=', unit.id).execute();
          codes.add(upper);
        }
      }
    },
  };
}
