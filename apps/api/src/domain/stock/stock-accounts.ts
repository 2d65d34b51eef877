/**
 * The stock a ledger row moves (DESIGN.md §6.2, decision 0065): a product's own stock, or one of its positions
 * (goods of a third party with us, ours with a third party, per participant). The posting pipeline keys every lock,
 * history and running balance by this account: a product's own stock by the product's id, a position by minus its
 * id. The two never meet, and sorting the numbers gives one fixed lock order (positions first, then products).
 */
export type Account = number;

export const accountOf = (row: { productId: number; positionId?: number | null }): Account =>
  row.positionId === null || row.positionId === undefined ? row.productId : -row.positionId;

/** The position an account names, or null for a product's own stock. */
export const positionOf = (account: Account): number | null => (account < 0 ? -account : null);

/** Splits accounts into own stock (product ids) and positions (position ids). */
export function splitAccounts(accounts: Iterable<Account>): { products: number[]; positions: number[] } {
  const products: number[] = [];
  const positions: number[] = [];
  for (const account of accounts) {
    if (account < 0) positions.push(-account);
    else products.push(account);
  }
  return { products, positions };
}
