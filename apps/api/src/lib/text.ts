/** Pure text helpers (no SQL): rules files import these; the SQL searches are in text-search.ts. */

/** Lower-case and accent-free, so "Açúcar" is found by "acucar" on both databases without extensions. */
export function foldText(...parts: Array<string | null | undefined>): string {
  return (
    parts
      .filter(Boolean)
      .join(' ')
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      // invisible format characters (a zero-width space, a joiner, a BOM) never tell two names apart
      .replace(/\p{Cf}/gu, '')
      .toLowerCase()
      .slice(0, 500)
  );
}

/**
 * The key lists sort by: lower-case, accent-free, single-spaced, so "Água" sorts with the A's on SQLite and
 * PostgreSQL alike (node:sqlite cannot register a collation). See docs/decisions/0012.
 */
export function sortKey(value: string | null | undefined): string {
  return foldText(value).replace(/\s+/g, ' ').trim();
}

export function searchWords(query: string | undefined): string[] {
  return foldText(query).split(/\s+/).filter(Boolean).slice(0, 8);
}
