import { lazy, type ComponentType } from 'react';

export interface ModalBodyProps {
  extraObject: Record<string, unknown>;
  closeModal: () => void;
}

/** bodyType → the component the shared modal shows; each loads on demand with its feature. */
export const MODAL_BODIES: Record<string, ComponentType<ModalBodyProps>> = {
  USER_STATUS_CONFIRMATION: lazy(() => import('../../features/users/user-status-confirmation.tsx')),
};
