import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  BATCH_LIMITS,
  ZBatch,
  ZBatchDetail,
  ZBatchImportData,
  ZBatchListQuery,
  ZBatchParams,
  ZBatchPreview,
  ZBatchResult,
} from '@armazem/contracts/document-batches';
import { ZPaged } from '@armazem/contracts/common';
import { type DocumentFile } from '../domain/documents/documents-public-service.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import { currentUser } from '../plugins/context.ts';
import { cleanFileName, parseJsonField } from './uploads.ts';
import { EVERY_REFUSAL, PERMISSION_REFUSAL, errors } from './error-responses.ts';
import { permitted } from '../plugins/auth.ts';

const tags = ['notas fiscais'];
const TOO_LARGE = 'O envio passa de 100 MB: divida os documentos em mais de um envio.';

/** The files sent in "files" (many XML, or one .zip) and the "data" field; 100 MB in all (§6.4). */
async function readFiles(
  request: FastifyRequest,
): Promise<{ files: DocumentFile[]; data: string | undefined }> {
  const files: DocumentFile[] = [];
  let data: string | undefined;
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        total += bytes.length;
        if (total > BATCH_LIMITS.bytes) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
        if (part.fieldname === 'files' && bytes.length > 0)
          files.push({ name: cleanFileName(part.filename) || 'documento.xml', bytes });
      } else if (part.fieldname === 'data') {
        if (part.valueTruncated)
          throw new AppError('PAYLOAD_TOO_LARGE', 'O campo "data" passou do limite de 8 MB.');
        data = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        'O envio passa de 20.000 arquivos: divida os documentos em mais de um envio.',
      );
    throw error;
  }
  if (files.length === 0)
    throw badRequest('Envie os XML das notas ou um .zip com eles no campo "files".', 'files');
  return { files, data };
}

/** The name a batch is listed by: the .zip's, or "N arquivos XML". */
const uploadName = (files: readonly DocumentFile[]) =>
  files.length === 1 ? (files[0]?.name ?? 'documentos') : `${files.length} arquivos XML`;

const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: BATCH_LIMITS.bytes,
      files: BATCH_LIMITS.documents,
      fields: 2,
      fieldSize: 8 * 1024 * 1024,
      parts: BATCH_LIMITS.documents + 2,
    },
    throwFileSizeLimit: true,
  });

  app.post(
    '/preview',
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZBatchPreview, ...EVERY_REFUSAL } },
      // thousands of documents built in this very shape: checking them again against the schema only costs time
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => request.server.documentBatches.preview((await readFiles(request)).files),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        // 201: a batch posted; 200: nothing new in the upload, nothing stored
        response: { 200: ZBatchResult, 201: ZBatchResult, ...EVERY_REFUSAL },
      },
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => {
      const { files, data } = await readFiles(request);
      const { status, result } = await request.server.documentBatches.import(
        currentUser(request).id,
        uploadName(files),
        files,
        () => parseJsonField(ZBatchImportData, data, { example: '{"mappings": [...]}', absent: {} }),
      );
      return reply.status(status).send(result);
    },
  );
};

/** A month of documents in one go (DESIGN.md §6.4): preview, import, the batches, one batch, undo. */
export const documentBatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { documentBatches } = app;
  await app.register(uploadRoutes);

  app.get(
    '/',
    { schema: { tags, querystring: ZBatchListQuery, response: { 200: ZPaged(ZBatch), ...errors(400) } } },
    async (request) => documentBatches.list(request.query),
  );

  app.get(
    '/:id',
    { schema: { tags, params: ZBatchParams, response: { 200: ZBatchDetail, ...errors(400, 404) } } },
    async (request) => documentBatches.find(request.params.id),
  );

  app.delete(
    '/:id',
    {
      preHandler: permitted('batch.undo'),
      schema: {
        tags,
        params: ZBatchParams,
        response: { 204: z.null(), ...EVERY_REFUSAL, ...PERMISSION_REFUSAL },
      },
    },
    async (request, reply) => {
      await documentBatches.undo(currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
