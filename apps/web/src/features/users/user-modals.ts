import type { TRole } from '@armazem/contracts/auth';

/** What an admin asks of another account: enable or disable it, or change its role. */
export type UserChange = { status: 'active' | 'disabled' } | { role: TRole };

/** The users feature's modals and the data each opens with (registered in app/layout/modal-bodies.ts). */
declare module '../../lib/modal.ts' {
  interface ModalExtras {
    USER_STATUS_CONFIRMATION: { userId: number; name: string; change: UserChange };
    USER_HISTORY: { userId: number };
  }
}
