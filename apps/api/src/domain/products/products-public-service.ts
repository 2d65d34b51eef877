/**
 * What other features (and routes) may use of products: the only door into it besides its services and domain/shared/
 * (eslint.config.js, docs/decisions/0082). Repositories and the rest stay internal.
 */
export { insertPrice } from './product-details-repository.ts';
export {
  PACKAGE_LABEL_COLUMNS,
  insertProductUnity,
  ledgerReferences,
  packageLabel,
  packageRows,
} from './product-unities-repository.ts';
export {
  PRODUCT_SORT_COLUMNS,
  insertProduct,
  insertProductCompanions,
  latestPrices,
  productBase,
  productFilters,
} from './products-repository.ts';
export { assertPackageQuantityFits, assertSkuFree, productSearchColumns } from './products-rules.ts';
