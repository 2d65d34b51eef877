import { useState } from 'react';
import type { TBatchImportData } from '@armazem/contracts/document-batches';
import { useAppDispatch } from '../../app/hooks.ts';
import { messages } from '../../config/messages.ts';
import { sessionEnded } from '../../stores/auth-slice.ts';
import { nfeUrls } from './nfe-api.ts';

/** Where an upload is: sending the bytes (with how much went), or the server reading the documents. */
export type UploadProgress = { stage: 'sending'; percent: number } | { stage: 'reading' };

/** A refused upload: the server's message in Portuguese (or the network's), and the HTTP status (0: no answer). */
export class UploadRefused extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** The message of an error answer: the app's `{ message }`, or `{ error: { message } }`. */
function refusalMessage(body: unknown): string {
  const data = body as { message?: unknown; error?: { message?: unknown } } | null;
  if (typeof data?.error?.message === 'string') return data.error.message;
  if (typeof data?.message === 'string') return data.message;
  return messages.unexpectedError;
}

/** The multipart body of a batch: every file as `files`, and the import's choices as `data` (JSON text). */
export function documentsForm(files: readonly File[], data?: TBatchImportData): FormData {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  if (data) body.append('data', JSON.stringify(data));
  return body;
}

/**
 * Sends a batch with XMLHttpRequest, not fetch, so the person sees how much of a 100 MB month has gone: the same
 * cookies as the app's other calls (same origin, or `withCredentials` to VITE_API_BASE_URL; the API checks the
 * Origin header the browser adds to every POST, no token of its own). Resolves with the answer's status and JSON.
 */
export function sendDocuments<T>(
  url: string,
  body: FormData,
  onProgress: (progress: UploadProgress) => void,
): Promise<{ status: number; data: T }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      onProgress({ stage: 'sending', percent: Math.floor((event.loaded / event.total) * 100) });
    };
    xhr.upload.onload = () => onProgress({ stage: 'reading' });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve({ status: xhr.status, data: xhr.response as T });
      else reject(new UploadRefused(refusalMessage(xhr.response), xhr.status));
    };
    xhr.onerror = () => reject(new UploadRefused(messages.networkError, 0));
    xhr.send(body);
  });
}

/**
 * One upload at a time, with its progress and refusal for the screen: `run` resolves with the answer, or null when
 * it was refused (the refusal is kept to show; a 401 ends the session, as every other call does).
 */
export function useDocumentsUpload() {
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async <T>(path: '/preview' | '', body: FormData) => {
    setRefusal(null);
    setProgress({ stage: 'sending', percent: 0 });
    try {
      return await sendDocuments<T>(`${nfeUrls.documents}${path}`, body, setProgress);
    } catch (error) {
      const refused = error instanceof UploadRefused ? error : new UploadRefused(messages.unexpectedError, 0);
      if (refused.status === 401) dispatch(sessionEnded());
      setRefusal(refused.message);
      return null;
    } finally {
      setProgress(null);
    }
  };
  return { progress, refusal, refuse: setRefusal, run };
}
