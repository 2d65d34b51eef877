import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { LIMITS, ZErrorResponse } from '@armazem/contracts/common';
import {
  ZMonthListQuery,
  ZMonthQuery,
  ZMovementData,
  ZSheetPreview,
  ZStockMovement,
  ZStockMovementList,
  ZStockMovementParams,
} from '@armazem/contracts/movements';
import type { UploadedSheet } from '../domain/movements/movements-service.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import { sendExport } from '../lib/exports.ts';
import { MOVEMENT_COLUMNS } from './list-exports.ts';
import { currentUser } from '../plugins/context.ts';

const tags = ['movimentação'];

// Some refusals carry more than the message: the rows with errors (422), a shortage's figures (409).
const ZRefusal = zm.looseObject(ZErrorResponse.shape);
const refused = { 400: ZRefusal, 404: ZRefusal, 409: ZRefusal, 413: ZRefusal, 415: ZRefusal, 422: ZRefusal };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Content-Disposition that keeps accents (RFC 5987) with an ASCII fallback. */
function disposition(kind: 'inline' | 'attachment', fileName: string) {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'arquivo';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

async function readUpload(
  request: FastifyRequest,
): Promise<{ sheet: UploadedSheet; fields: Record<string, string> }> {
  let sheet: UploadedSheet | null = null;
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'sheet') continue;
      sheet = {
        fileName: part.filename || 'planilha',
        contentType: part.mimetype || 'application/octet-stream',
        bytes,
      };
    } else {
      if (part.valueTruncated)
        throw new AppError('PAYLOAD_TOO_LARGE', `O campo "${part.fieldname}" passou do limite de 64 KB.`);
      fields[part.fieldname] = String(part.value);
    }
  }
  if (!sheet || sheet.bytes.length === 0)
    throw badRequest('Envie o arquivo da planilha no campo "sheet".', 'sheet');
  return { sheet, fields };
}

function parseFields<T extends zm.ZodMiniType>(schema: T, input: unknown): zm.output<T> {
  const result = zm.safeParse(schema, input);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION_ERROR', issues.map((issue) => issue.message).join(' '), { issues });
  }
  return result.data;
}

function parseData(text: string | undefined) {
  if (!text) return { description: null };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('O campo "data" deve ser um JSON válido, como {"description": "..."}.', 'data');
  }
  return parseFields(ZMovementData, json);
}

/** The month's imports: list, preview, import and undo. */
const sheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { movements } = app;

  app.get(
    '/',
    { schema: { tags, querystring: ZMonthListQuery, response: { 200: ZStockMovementList, 400: ZRefusal } } },
    async (request, reply) => {
      const { format, ...month } = request.query;
      const data = await movements.list(month);
      if (!format) return { data };
      const name = `movimentacoes-${month.year}-${String(month.month).padStart(2, '0')}`;
      return sendExport(reply, format, {
        name,
        sheetName: 'Movimentações',
        columns: MOVEMENT_COLUMNS,
        rows: data,
      });
    },
  );

  app.post(
    '/sheet',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: ZSheetPreview, ...refused },
      },
      // up to 50,000 rows that the row checks just built in this shape: checking them again against the schema
      // held the event loop for about half a second, so the preview is only stringified
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { sheet, fields } = await readUpload(request);
      const chosen =
        fields.year || fields.month
          ? parseFields(ZMonthQuery, { year: fields.year, month: fields.month })
          : null;
      return movements.preview(currentUser(request).id, sheet, chosen);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: ZStockMovement, ...refused },
      },
    },
    async (request, reply) => {
      const { sheet, fields } = await readUpload(request);
      const period = parseFields(ZMonthQuery, { year: fields.year, month: fields.month });
      const data = parseData(fields.data);
      const movement = await movements.import(
        currentUser(request).id,
        sheet,
        period,
        data.description ?? null,
      );
      return reply.status(201).send(movement);
    },
  );

  app.delete(
    '/:stockMovementId',
    {
      schema: {
        tags,
        params: ZStockMovementParams,
        response: { 204: z.null(), ...refused },
      },
    },
    async (request, reply) => {
      await movements.undo(currentUser(request).id, request.params.stockMovementId);
      return reply.status(204).send(null);
    },
  );
};

/** The files: the month's report, the sheet's model and each import's original sheet. */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { movements } = app;

  app.get(
    '/report',
    { schema: { tags, querystring: ZMonthQuery, response: { 400: ZRefusal } } },
    async (request, reply) => {
      const { fileName, pdf } = await movements.report(currentUser(request).name, request.query);
      return (
        reply
          .type('application/pdf')
          .header('Content-Disposition', disposition('inline', fileName))
          .header('Cache-Control', 'no-store')
          // a file: Fastify sends Buffers as they are, without the response serializer
          .send(pdf as never)
      );
    },
  );

  app.get('/template', { schema: { tags } }, async (_request, reply) =>
    reply
      .type(XLSX)
      .header('Content-Disposition', disposition('attachment', 'modelo-movimentacao-estoque.xlsx'))
      .send(await movements.template()),
  );

  app.get(
    '/:stockMovementId/sheet',
    { schema: { tags, params: ZStockMovementParams, response: { 400: ZRefusal, 404: ZRefusal } } },
    async (request, reply) => {
      const file = await movements.originalSheet(request.params.stockMovementId);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', disposition('attachment', file.fileName))
        .send(file.bytes as never);
    },
  );
};

export const movementRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: LIMITS.uploadBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    throwFileSizeLimit: true,
  });
  await app.register(sheetRoutes);
  await app.register(fileRoutes);
};
