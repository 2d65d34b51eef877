import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/types.ts';
import { searchWords } from './text.ts';

/** Searches in SQL over the folded text of lib/text.ts (kept apart so that text.ts stays pure). */

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Every word of the query must appear in the column (LIKE with escaped wildcards). */
export function matchesAllWords(column: string, query: string | undefined): RawBuilder<boolean>[] {
  return searchWords(query).map(
    (word) => sql<boolean>`${sql.ref(column)} like ${likePattern(word)} escape '\\'`,
  );
}

/**
 * The same test for products, served by a trigram index. SQLite: one FTS5 MATCH holds every word of 3+ letters
 * (each a quoted trigram phrase); shorter words fall back to LIKE. PostgreSQL: pg_trgm serves the plain LIKE.
 */
export function productMatchesAllWords(dialect: Dialect, query: string | undefined): RawBuilder<boolean>[] {
  if (dialect === 'postgres') return matchesAllWords('p.search_text', query);
  const words = searchWords(query);
  // the trigram index counts characters, not UTF-16 units: an emoji is one character but two units
  const letters = (word: string) => [...word].length;
  const indexed = words.filter((word) => letters(word) >= 3);
  const conditions = words
    .filter((word) => letters(word) < 3)
    .map((word) => sql<boolean>`${sql.ref('p.search_text')} like ${likePattern(word)} escape '\\'`);
  if (indexed.length > 0) {
    const match = indexed.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');
    conditions.unshift(
      sql<boolean>`${sql.ref('p.id')} in (select rowid from products_fts where products_fts match ${match})`,
    );
  }
  return conditions;
}
