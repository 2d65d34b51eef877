import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import { columnTypes, notNull, withId, type MigrationDb } from '../schema-helpers.ts';

/**
 * Positions (DESIGN.md §6.2, decision 0065): a product's goods of a third party with us (`held`) and ours with a
 * third party (`sent`), per participant, each with its running figures like a product's own stock. Their rows live
 * in the one ledger with `position_id` set; a row without it is the business's own stock, as every row before this.
 */
export function stockPositions(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await withId(db.schema.createTable('stock_positions'), dialect)
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        .addColumn('kind', 'varchar(4)', (col) => col.notNull().check(sql`kind in ('held', 'sent')`))
        .addColumn('participant_id', 'integer', (col) => col.notNull().references('suppliers.id'))
        .addColumn('quantity', t.bigint, (col) =>
          col
            .notNull()
            .defaultTo(0)
            .check(sql`quantity >= 0`),
        )
        .addColumn('total_value', t.bigint, (col) =>
          col
            .notNull()
            .defaultTo(0)
            .check(sql`total_value >= 0`),
        )
        .addColumn('last_occurred_on', t.date)
        .addColumn('updated_at', t.timestamp, notNull)
        .addUniqueConstraint('stock_positions_once', ['product_id', 'kind', 'participant_id'])
        .execute();
      // the IBGE code of the participant's municipality (an NF-e's cMun): Bloco H's 0150 names it
      await db.schema.alterTable('suppliers').addColumn('city_code', 'varchar(7)').execute();
      await db.schema
        .alterTable('stock_ledger')
        .addColumn('position_id', 'integer', (col) => col.references('stock_positions.id'))
        .execute();
      await db.schema
        .createIndex('stock_ledger_position_idx')
        .on('stock_ledger')
        .columns(['position_id', 'occurred_on', 'id'])
        .where(sql.ref('position_id'), 'is not', null)
        .execute();
      // which stock a row moved is a fact, like its quantity (migration 007's guards)
      const message =
        'O razão de estoque é imutável: linhas não podem ser apagadas, e seus fatos não podem ser alterados.';
      if (dialect === 'sqlite') {
        await sql
          .raw(
            `create trigger stock_ledger_position_fact before update of position_id on stock_ledger
             begin select raise(abort, '${message}'); end`,
          )
          .execute(db);
      } else {
        await sql
          .raw(
            `create trigger stock_ledger_position_fact before update of position_id on stock_ledger
             for each row execute function stock_ledger_guard()`,
          )
          .execute(db);
      }
    },
  };
}
