/**
 * What other features (and routes) may use of nfe: the only door into it besides its services and domain/shared/
 * (eslint.config.js, docs/decisions/0082). Repositories and the rest stay internal.
 */
export { catalogRefs, createProductFromItem, createSupplierFromNote } from './nfe-catalog.ts';
export { type Choice } from './nfe-choices.ts';
export { type NoteContext, type NoteLookups, contextFrom, loadNoteLookups } from './nfe-context.ts';
export { type NfeEvent } from './nfe-event.ts';
export { readFiscalFile } from './nfe-file.ts';
export { type ImportRequest, type PreparedNote, type ReceiptSink, prepareNote } from './nfe-import.ts';
export { EFFECT_LEGS, type LegContext, legRow } from './nfe-legs.ts';
export { finishNote, postNote } from './nfe-note.ts';
export { costContextOf } from './nfe-preview.ts';
export { MAX_NFE_BYTES, type NfeDocument, isCancelledNote } from './nfe-reader.ts';
export { setReceiptTotals } from './nfe-receipts-repository.ts';
export { reimportReceipt } from './nfe-reimport.ts';
export { insertReceiptItems, takenBarcodes } from './nfe-repository.ts';
export {
  NO_PARTICIPANT,
  UNAUTHORIZED_REFUSAL,
  alreadyImportedMessage,
  cancelledMessage,
  costItems,
  documentLabel,
  futureIssueMessage,
  modelOfKey,
  moneyText,
  proposeSku,
  quantityText,
} from './nfe-rules.ts';
export { cancellationWhy, recordCancellation, undoReceipts } from './nfe-undo.ts';
export { money } from './nfe-values.ts';
