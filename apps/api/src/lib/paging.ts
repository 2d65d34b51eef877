import type { TPaged } from '@armazem/contracts/common';
import type { OrderByItemBuilder } from 'kysely';

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
