import type { TLedgerEntry } from '@armazem/contracts/stock';

/** The stock feature's modals and the data each opens with (registered in app/layout/modal-bodies.ts). */
declare module '../../lib/modal.ts' {
  interface ModalExtras {
    STOCK_MOVEMENT: { direction: 'in' | 'out' | 'transfer' };
    STOCK_ENTRY_CANCEL: { entry: TLedgerEntry };
    STOCK_ENTRY_HISTORY: { entry: TLedgerEntry };
  }
}
