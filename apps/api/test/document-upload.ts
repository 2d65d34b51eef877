import { zipSync } from 'fflate';
import type { App } from '../src/app.ts';

/** A file of a batch upload (DESIGN.md §6.4): its name and content. */
export interface UploadFile {
  name: string;
  content: string | Uint8Array;
}

const bytesOf = (content: string | Uint8Array) =>
  typeof content === 'string' ? new TextEncoder().encode(content) : content;

/** One .zip holding the files, as an accountant passes a month around. */
export const zipOf = (files: readonly UploadFile[], name = 'documentos.zip'): UploadFile => ({
  name,
  content: zipSync(Object.fromEntries(files.map((f) => [f.name, bytesOf(f.content)]))),
});

/** multipart/form-data with each file in the field `files` (and `data` when given), for app.inject. */
export async function batchForm(files: readonly UploadFile[], data?: unknown) {
  const form = new FormData();
  for (const file of files)
    form.append('files', new Blob([new Uint8Array(bytesOf(file.content))]), file.name);
  if (data !== undefined) form.append('data', JSON.stringify(data));
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

export async function previewBatch(app: App, cookie: string, files: readonly UploadFile[]) {
  const body = await batchForm(files);
  return app.inject({
    method: 'POST',
    url: '/api/stock/documents/v1/preview',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

export async function importBatch(
  app: App,
  cookie: string,
  files: readonly UploadFile[],
  data: unknown = {},
) {
  const body = await batchForm(files, data);
  return app.inject({
    method: 'POST',
    url: '/api/stock/documents/v1',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}
