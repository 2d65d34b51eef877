import { sql } from 'kysely';

/**
 * The one definition of "below minimum" (docs/decisions/0013): an active product whose balance is under its
 * minimum stock. An inactive product is never below minimum: nobody restocks what the shop stopped selling, so it
 * neither raises the alarm nor hides from the list filtered with belowMinimum=false. The SQL expression
 * `belowMinimumSql` below says the same thing for the database.
 */
export function isBelowMinimum(product: {
  status: 'active' | 'inactive';
  quantity: bigint;
  minStock: bigint;
}): boolean {
  return product.status === 'active' && product.quantity < product.minStock;
}

/** The SQL side of isBelowMinimum, on products `p` and balances `b`: every filter, flag and count uses it. */
export const belowMinimumSql = sql<boolean>`(p.status = 'active' and b.quantity < p.min_stock)`;
