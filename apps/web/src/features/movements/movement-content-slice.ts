import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TSheetPreview } from '@armazem/contracts/movements';

/** The parsed sheet (seed: stockMovementContent): set by the upload's answer, cleared on demand. */
interface MovementContentState {
  stockMovementContent: TSheetPreview | null;
  uploadProgress: number | null;
}

const initialState: MovementContentState = { stockMovementContent: null, uploadProgress: null };

export const movementContentSlice = createSlice({
  name: 'stockMovement',
  initialState,
  reducers: {
    setUploadProgress(state, action: PayloadAction<number | null>) {
      state.uploadProgress = action.payload;
    },
    setStockMovementContent(state, action: PayloadAction<TSheetPreview>) {
      state.stockMovementContent = action.payload;
      state.uploadProgress = null;
    },
    clearStockMovementContent() {
      return initialState;
    },
  },
});

export const { setUploadProgress, setStockMovementContent, clearStockMovementContent } =
  movementContentSlice.actions;
