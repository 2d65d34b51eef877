/**
 * What other features (and routes) may use of inventory: the only door into it besides its services and domain/shared/
 * (eslint.config.js, docs/decisions/0082). Repositories and the rest stay internal.
 */
export { type Place, type PlaceOfInventory, headerOf, placeOf, placeSuffix } from './inventory-place.ts';
export {
  type PositionRow,
  lastEntryCosts,
  positionsAt,
  quantityAt,
  valueAt,
} from './inventory-repository.ts';
export { type PlaceValue, productsOfPlace, quantityNowSql } from './place-positions.ts';
