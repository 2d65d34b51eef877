import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { TErrorResponse } from '@armazem/contracts/common';
import { messages } from '../config/messages.ts';
import { sessionEnded } from '../stores/auth-slice.ts';
import { showNotification } from '../stores/header-slice.ts';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: `${import.meta.env.VITE_API_BASE_URL ?? ''}/api`,
  credentials: 'include',
  timeout: 0,
});

/** What an endpoint tells the one base query below, as its `extraOptions`. */
export interface CallOptions {
  /**
   * Its refusal is shown inside the dialog that made the call (ReasonForm, ConfirmationBody, the count's scan and
   * posting), where the person is looking: a toast would say it twice and outlive the dialog.
   */
  refusalInDialog?: boolean;
}

export function errorMessage(error: unknown): string {
  const fetchError = error as FetchBaseQueryError | undefined;
  if (fetchError && typeof fetchError === 'object' && 'data' in fetchError) {
    const data = fetchError.data as Partial<TErrorResponse> | undefined;
    if (data && typeof data.message === 'string') return data.message;
  }
  if (
    fetchError &&
    'status' in fetchError &&
    (fetchError.status === 'FETCH_ERROR' || fetchError.status === 'TIMEOUT_ERROR')
  ) {
    return messages.networkError;
  }
  return messages.unexpectedError;
}

export function fieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: Partial<TErrorResponse> } | undefined)?.data;
  return Object.fromEntries((data?.issues ?? []).map((issue) => [issue.path, issue.message]));
}

/** The one place that turns failed calls into notifications and a 401 into "signed out". */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, CallOptions> = async (
  args,
  api,
  extra,
) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error) {
    if (result.error.status === 401 && api.endpoint !== 'login') api.dispatch(sessionEnded());
    // 'me' failing is how a visitor learns they are signed out: part of normal flow
    // nor 'login': its page keeps the reason on the form, and a toast would say it a second time
    if (api.endpoint !== 'me' && api.endpoint !== 'login' && !extra?.refusalInDialog) {
      api.dispatch(showNotification({ message: errorMessage(result.error), status: 0 }));
    }
  }
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Me',
    'User',
    'Settings',
    'Product',
    'ProductUnity',
    'Supplier',
    'SupplierProduct',
    'Stock',
    'StockIn',
    'StockOut',
    'StockMovement',
    'Reference',
    'MonthClosing',
    'NfeReceipt',
    'Count',
    'Inventory',
    'Backup',
  ],
  endpoints: () => ({}),
});
