import type { TPaged } from '@armazem/contracts/common';
import { sql, type OrderByItemBuilder, type SelectQueryBuilder } from 'kysely';

export function paged<T>(data: T[], total: number, page: number, pageSize: number): TPaged<T> {
  return { data, page, pageSize, total, totalPages: Math.ceil(total / pageSize) };
}

/**
 * The order of a sort on a column that may be empty (a supplier, a last movement), the same on both databases: an
 * empty value is the smallest, first going up and last going down. That is SQLite's own order; PostgreSQL needs it
 * said, and its index for such a sort is built NULLS FIRST (migration 015, decision 0038).
 */
export const emptiesSmallest = (order: 'asc' | 'desc') => (item: OrderByItemBuilder) =>
  order === 'asc' ? item.asc().nullsFirst() : item.desc().nullsLast();

/**
 * One page of a list query (`.$call(onePage(page, pageSize))`). The bounds are written into the statement rather than
 * bound: PostgreSQL then plans a page knowing it wants 20 rows, and the plan it caches for the statement stays the
 * good one (with bound bounds the cached plan assumed a tenth of the table; decision 0043).
 */
export function onePage(page: number, pageSize: number) {
  return <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
    query.limit(sql.lit(pageSize)).offset(sql.lit((page - 1) * pageSize));
}
