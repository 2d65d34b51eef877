/**
 * What other features (and routes) may use of suppliers: the only door into it besides its services and domain/shared/
 * (eslint.config.js, docs/decisions/0082). Repositories and the rest stay internal.
 */
export { findSupplierStatus, supplierByDocumentOrNew } from './suppliers-repository.ts';
export { supplierSearchText, supplierSortKeys } from './suppliers-rules.ts';
