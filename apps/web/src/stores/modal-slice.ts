import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export interface ModalState {
  isOpen: boolean;
  title: string;
  bodyType: string;
  size: ModalSize;
  extraObject: Record<string, unknown>;
}

const initialState: ModalState = { isOpen: false, title: '', bodyType: '', size: 'md', extraObject: {} };

export const modalSlice = createSlice({
  name: 'modal',
  initialState,
  reducers: {
    openModal(
      state,
      action: PayloadAction<{
        title: string;
        bodyType: string;
        size?: ModalSize;
        extraObject?: Record<string, unknown>;
      }>,
    ) {
      state.isOpen = true;
      state.title = action.payload.title;
      state.bodyType = action.payload.bodyType;
      state.size = action.payload.size ?? 'md';
      state.extraObject = action.payload.extraObject ?? {};
    },
    closeModal() {
      return initialState;
    },
  },
});

export const { openModal, closeModal } = modalSlice.actions;
