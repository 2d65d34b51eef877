/** The movements feature's modals and the data each opens with (registered in app/layout/modal-bodies.ts). */
declare module '../../lib/modal.ts' {
  interface ModalExtras {
    MOVEMENT_DELETE: { stockMovementId: number; fileName: string };
    MOVEMENT_HISTORY: { stockMovementId: number };
    MONTH_CLOSE: { year: number; month: number; label: string };
    MONTH_REOPEN: { year: number; month: number; label: string };
  }
}

export {};
