import type { TCountDetail } from '@armazem/contracts/counts';

/** The counts feature's modals and the data each opens with (registered in app/layout/modal-bodies.ts). */
declare module '../../lib/modal.ts' {
  interface ModalExtras {
    COUNT_POST: { countId: number; totals: TCountDetail['totals'] };
    COUNT_REMOVE: { countId: number; posted: boolean };
  }
}
