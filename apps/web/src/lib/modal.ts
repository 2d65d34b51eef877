import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ComponentType } from 'react';

/**
 * Every modal body the app can show, by body type, with the data it opens with. Empty here: each feature adds its
 * keys in its own `<feature>-modals.ts` (`declare module '../../lib/modal.ts' { interface ModalExtras { … } }`), and
 * app/layout/modal-bodies.ts maps every key to its lazily loaded body. How to add one: docs/architecture.md, "Modais".
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one feature at a time
export interface ModalExtras {}

export type ModalType = keyof ModalExtras;
export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

/** What a modal body receives: the data it was opened with, typed by its body type, and how to close. */
export interface ModalBodyProps<K extends ModalType> {
  extra: ModalExtras[K];
  /** Closes the modal; focus goes back to what opened it, or to `focusAfter` (when what opened it goes away). */
  closeModal: (focusAfter?: HTMLElement | null) => void;
}

/** The body component of one body type. */
export type ModalBody<K extends ModalType> = ComponentType<ModalBodyProps<K>>;

/** One body per body type: app/layout/modal-bodies.ts must fill every key a feature declares, with the right body. */
export type ModalBodies = { [K in ModalType]: ModalBody<K> };

/** An open modal: a body type and exactly its data (a union over every body type, so the two always match). */
export type OpenedModal<T extends ModalType = ModalType> = {
  [K in T]: { bodyType: K; extra: ModalExtras[K] };
}[T];

export interface ModalOptions {
  /** The dialog's heading, and its accessible name: every modal has one. */
  title: string;
  /** Width: sm, md (default), lg or xl. */
  size?: ModalSize;
}

export interface ModalState {
  isOpen: boolean;
  title: string;
  size: ModalSize;
  opened: OpenedModal | null;
}

const initialState: ModalState = { isOpen: false, title: '', size: 'md', opened: null };

export const modalSlice = createSlice({
  name: 'modal',
  initialState,
  reducers: {
    modalOpened(state, action: PayloadAction<{ title: string; size: ModalSize; opened: OpenedModal }>) {
      return { isOpen: true, ...action.payload };
    },
    closeModal() {
      return initialState;
    },
  },
});

export const { closeModal } = modalSlice.actions;

/** Opens the shared modal on `bodyType` with exactly the data its body declares: `dispatch(openModal(…))`. */
export function openModal<K extends ModalType>(bodyType: K, extra: ModalExtras[K], options: ModalOptions) {
  const opened: OpenedModal<K> = { bodyType, extra };
  // Widening one body type's pair to the union of all pairs is sound (K is one of them); TypeScript cannot prove it
  // for a generic K, so this is the registry's one cast, checked by the signature above.
  return modalSlice.actions.modalOpened({
    title: options.title,
    size: options.size ?? 'md',
    opened: opened as OpenedModal,
  });
}
