import type { TErrorResponse } from '@armazem/contracts/common';
import type { TSheetPreview } from '@armazem/contracts/movements';
import type { Dispatch } from '@reduxjs/toolkit';
import { messages } from '../../config/messages.ts';
import { sessionEnded } from '../../stores/auth-slice.ts';
import { showNotification } from '../../stores/header-slice.ts';
import { setStockMovementContent, setUploadProgress } from './movement-content-slice.ts';
import { movementUrls } from './movements-api.ts';

/**
 * Sends the sheet for preview with XMLHttpRequest, the one browser API that reports upload progress.
 * Like every call, a failure shows the server's message and a 401 signs the user out.
 */
export function uploadSheetForPreview(sheet: File, year: number, month: number) {
  return (dispatch: Dispatch) =>
    new Promise<void>((resolve) => {
      const body = new FormData();
      body.append('sheet', sheet, sheet.name);
      body.append('year', String(year));
      body.append('month', String(month));
      const request = new XMLHttpRequest();
      request.open('POST', `${movementUrls.base}/sheet`);
      request.withCredentials = true;
      request.responseType = 'json';
      dispatch(setUploadProgress(0));
      request.upload.onprogress = (event) => {
        if (event.lengthComputable)
          dispatch(setUploadProgress(Math.round((event.loaded / event.total) * 100)));
      };
      request.onload = () => {
        if (request.status === 200) {
          dispatch(setStockMovementContent(request.response as TSheetPreview));
        } else {
          dispatch(setUploadProgress(null));
          if (request.status === 401) dispatch(sessionEnded());
          const error = request.response as Partial<TErrorResponse> | null;
          dispatch(showNotification({ message: error?.message ?? messages.unexpectedError, status: 0 }));
        }
        resolve();
      };
      request.onerror = () => {
        dispatch(setUploadProgress(null));
        dispatch(showNotification({ message: messages.networkError, status: 0 }));
        resolve();
      };
      request.send(body);
    });
}
