/** The NF-e feature's modals and the data each opens with (registered in app/layout/modal-bodies.ts). */
declare module '../../lib/modal.ts' {
  interface ModalExtras {
    NFE_UNDO: { id: number; label: string };
    NFE_BATCH_UNDO: { id: number; label: string };
  }
}

export {};
