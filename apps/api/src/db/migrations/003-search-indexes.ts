import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import type { MigrationDb } from '../schema-helpers.ts';

/**
 * Substring search over 100,000+ products without a full scan: a trigram index answers LIKE '%term%'
 * (FTS5 trigram on SQLite, pg_trgm GIN on PostgreSQL). See docs/decisions/0006.
 */
export function searchIndexes(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createIndex('stock_balances_quantity_idx')
        .on('stock_balances')
        .columns(['quantity', 'product_id'])
        .execute();
      if (dialect === 'sqlite') {
        await sql`create virtual table products_fts using fts5(search_text, content='products', content_rowid='id', tokenize='trigram')`.execute(
          db,
        );
        await sql`insert into products_fts(rowid, search_text) select id, search_text from products`.execute(
          db,
        );
        await sql`create trigger products_fts_insert after insert on products begin
          insert into products_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
        await sql`create trigger products_fts_delete after delete on products begin
          insert into products_fts(products_fts, rowid, search_text) values ('delete', old.id, old.search_text); end`.execute(
          db,
        );
        await sql`create trigger products_fts_update after update of search_text on products begin
          insert into products_fts(products_fts, rowid, search_text) values ('delete', old.id, old.search_text);
          insert into products_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
        return;
      }
      const available = await sql<{
        name: string;
      }>`select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
      if (available.rows.length === 0) return; // search still works, by scanning
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index products_search_trgm on products using gin (search_text gin_trgm_ops)`.execute(
        db,
      );
      await sql`create index suppliers_search_trgm on suppliers using gin (search_text gin_trgm_ops)`.execute(
        db,
      );
    },
  };
}
