import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface RightDrawerState {
  isOpen: boolean;
  header: string;
  bodyType: string;
  extraObject: Record<string, unknown>;
}

const initialState: RightDrawerState = { isOpen: false, header: '', bodyType: '', extraObject: {} };

export const rightDrawerSlice = createSlice({
  name: 'rightDrawer',
  initialState,
  reducers: {
    openRightDrawer(
      state,
      action: PayloadAction<{ header: string; bodyType: string; extraObject?: Record<string, unknown> }>,
    ) {
      state.isOpen = true;
      state.header = action.payload.header;
      state.bodyType = action.payload.bodyType;
      state.extraObject = action.payload.extraObject ?? {};
    },
    closeRightDrawer() {
      return initialState;
    },
  },
});

export const { openRightDrawer, closeRightDrawer } = rightDrawerSlice.actions;
