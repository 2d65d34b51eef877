/**
 * What other features (and routes) may use of places: the only door into it besides its services and domain/shared/
 * (eslint.config.js, docs/decisions/0082). Repositories and the rest stay internal.
 */
export { syncMatriz } from './places-documents.ts';
export { ESTABLISHMENT_COLUMNS, findEstablishmentRow } from './places-repository.ts';
export { addressLine } from './places-rules.ts';
