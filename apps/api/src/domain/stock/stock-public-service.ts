/**
 * What other features (and routes) may use of stock: the only door into it besides its services and domain/shared/
 * (eslint.config.js, docs/decisions/0082). Repositories and the rest stay internal.
 */
export { runningBefore } from './history-repository.ts';
export {
  lastLiveFiguresLateral,
  lastLiveRow,
  lastLiveRowId,
  ledgerOrderSql,
  listLedgerOfNfe,
  liveLedgerIds,
  liveRowsOfSources,
} from './ledger-repository.ts';
export { placeRows, placesOf } from './location-stock.ts';
export { positionFigureAt, positionFor } from './positions-repository.ts';
export { evaluate, post, postUnlessShort } from './posting-pipeline.ts';
export { periodClosed } from './posting-refusals.ts';
export { lastClosing, periodLock } from './posting-repository.ts';
export { accountOf } from './stock-accounts.ts';
export { readFigures } from './stock-figures-repository.ts';
export { type StockScope, locationValue, scopeOf } from './stock-scope.ts';
