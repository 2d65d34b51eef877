import type { FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { AppError, badRequest } from '../lib/errors.ts';
import { issuesMessage } from '../lib/field-labels.ts';

// Reading a multipart upload (the movement, catalog and count sheets, the NF-e XML): the one file in its field and
// the text fields beside it, each refused in Portuguese when it is too large, not alone (a second file is 400 "Envie
// apenas um arquivo.", from the parser's files limit) or does not match its schema.

export interface UploadedFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * The file sent in `fileField` (any other file is read and dropped) and the text fields. `fieldKb` is the fields'
 * size limit the message names; `tooLarge`, when given, replaces the generic message for a file over its limit.
 */
export async function readUpload(
  request: FastifyRequest,
  fileField: string,
  limits: { fieldKb: number; tooLarge?: string },
): Promise<{ file: UploadedFile | null; fields: Record<string, string> }> {
  try {
    return await readParts(request, fileField, limits.fieldKb);
  } catch (error) {
    // over the file limit, whether it shows while the file is read or only when the form ends (a file that fills
    // the limit exactly at a chunk's end): the route's own message
    if (limits.tooLarge && (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', limits.tooLarge);
    throw error;
  }
}

async function readParts(request: FastifyRequest, fileField: string, fieldKb: number) {
  let file: UploadedFile | null = null;
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === fileField)
        file = { fileName: cleanFileName(part.filename), contentType: part.mimetype, bytes };
    } else {
      if (part.valueTruncated)
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `O campo "${part.fieldname}" passou do limite de ${fieldKb} KB.`,
        );
      fields[part.fieldname] = String(part.value);
    }
  }
  return { file, fields };
}

/** Control characters (C0 with NUL, DEL, C1) and bidirectional overrides and isolates. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
export const FILE_NAME_MAX = 200;

/**
 * The file name as it is stored and shown (DESIGN §6.1): without control characters (PostgreSQL refuses a NUL in
 * text) or direction overrides, cut to 200 characters (never in the middle of one). Every upload is read here, so the
 * movement, catalog and count sheets and the NF-e all store a clean name.
 */
export function cleanFileName(name: string | undefined): string {
  const clean = (name ?? '').replace(UNSAFE_IN_NAME, '').trim();
  return Array.from(clean).slice(0, FILE_NAME_MAX).join('').trim();
}

/** A sheet sent in "sheet" (the movement, catalog and count uploads) and the text fields beside it. */
export async function readSheetUpload(
  request: FastifyRequest,
): Promise<{ sheet: UploadedFile; fields: Record<string, string> }> {
  const { file, fields } = await readUpload(request, 'sheet', { fieldKb: 64 });
  if (!file || file.bytes.length === 0)
    throw badRequest('Envie o arquivo da planilha no campo "sheet".', 'sheet');
  const sheet = {
    fileName: file.fileName || 'planilha',
    contentType: file.contentType || 'application/octet-stream',
    bytes: file.bytes,
  };
  return { sheet, fields };
}

/** Form fields read by a schema; what it refuses is a 400 with each issue at its path, as a JSON body's would be. */
export function parseFields<T extends z.ZodMiniType>(schema: T, input: unknown): z.output<T> {
  const result = z.safeParse(schema, input);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION_ERROR', issuesMessage(issues), { issues });
  }
  return result.data;
}

/**
 * The JSON sent in a multipart text field (the uploads' `data`), read by its schema. Text that is not JSON is a 400
 * naming the field with `example` of what it takes; an absent or empty field reads as `absent`, or is refused like
 * bad JSON when the route gives none.
 */
export function parseJsonField<T extends z.ZodMiniType>(
  schema: T,
  text: string | undefined,
  { example, absent, field = 'data' }: { example: string; absent?: unknown; field?: string },
): z.output<T> {
  if (!text && absent !== undefined) return parseFields(schema, absent);
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    throw badRequest(`O campo "${field}" deve ser um JSON válido, como ${example}.`, field);
  }
  return parseFields(schema, json);
}
