/**
 * What other features (and routes) may use of catalog-import: the only door into it besides its services and domain/shared/
 * (eslint.config.js, docs/decisions/0082). Repositories and the rest stay internal.
 */
export { CATALOG_EXPORT_COLUMNS } from './catalog-export.ts';
