import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TMe } from '@armazem/contracts/auth';

interface AuthState {
  /** null while the start-up session check has not answered yet. */
  session: boolean | null;
  user: TMe | null;
}

const initialState: AuthState = { session: null, user: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionStarted(state, action: PayloadAction<TMe>) {
      state.session = true;
      state.user = action.payload;
    },
    sessionEnded(state) {
      state.session = false;
      state.user = null;
    },
  },
});

export const { sessionStarted, sessionEnded } = authSlice.actions;
