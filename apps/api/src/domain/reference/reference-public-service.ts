/**
 * What other features (and routes) may use of reference: the only door into it besides its services and domain/shared/
 * (eslint.config.js, docs/decisions/0082). Repositories and the rest stay internal.
 */
export { referenceState, unityBatchId, unityTakesFractions } from './reference-repository.ts';
export { isFractional } from './reference-rules.ts';
