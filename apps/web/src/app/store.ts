import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { movementContentSlice } from '../features/movements/movement-content-slice.ts';
import { api } from '../lib/api.ts';
import { authSlice } from '../stores/auth-slice.ts';
import { headerSlice } from '../stores/header-slice.ts';
import { modalSlice } from '../lib/modal.ts';
import { rightDrawerSlice } from '../stores/right-drawer-slice.ts';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authSlice.reducer,
  header: headerSlice.reducer,
  modal: modalSlice.reducer,
  rightDrawer: rightDrawerSlice.reducer,
  stockMovement: movementContentSlice.reducer,
});
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
