/**
 * The stock a ledger row moves (DESIGN.md §6.2 and §6.3, decisions 0065 and 0068): a product's own stock in the first
 * establishment, its own stock in another establishment (`establishment_stock`), or one of its positions (goods of a
 * third party with us, ours with a third party, per participant). The posting pipeline keys every lock, history and
 * running balance by this account: own stock in the first establishment by the product's id, a position by minus its
 * id, another establishment's own stock by minus (BRANCH_BASE + its id). They never meet, and sorting the numbers
 * gives one fixed lock order (other establishments, then positions, then products).
 */
export type Account = number;

/** Above every position id: the numbers below −BRANCH_BASE name other establishments' stock. */
const BRANCH_BASE = 2 ** 30;

export interface AccountKey {
  productId: number;
  positionId?: number | null;
  /** the own stock of an establishment other than the first (establishment_stock.id) */
  establishmentStockId?: number | null;
}

export function accountOf(row: AccountKey): Account {
  if (row.establishmentStockId !== null && row.establishmentStockId !== undefined)
    return -(BRANCH_BASE + row.establishmentStockId);
  return row.positionId === null || row.positionId === undefined ? row.productId : -row.positionId;
}

/** The position an account names, or null for own stock. */
export const positionOf = (account: Account): number | null =>
  account < 0 && account > -BRANCH_BASE ? -account : null;

/** The establishment stock (another establishment's own stock) an account names, or null. */
export const branchOf = (account: Account): number | null =>
  account <= -BRANCH_BASE ? -account - BRANCH_BASE : null;

/** Whether an account is own stock (of any establishment): the kind kept per location. */
export const isOwn = (account: Account): boolean => positionOf(account) === null;

/** Splits accounts into first-establishment products, positions and other establishments' stock. */
export function splitAccounts(accounts: Iterable<Account>): {
  products: number[];
  positions: number[];
  branches: number[];
} {
  const products: number[] = [];
  const positions: number[] = [];
  const branches: number[] = [];
  for (const account of accounts) {
    const branch = branchOf(account);
    const position = positionOf(account);
    if (branch !== null) branches.push(branch);
    else if (position !== null) positions.push(position);
    else products.push(account);
  }
  return { products, positions, branches };
}
