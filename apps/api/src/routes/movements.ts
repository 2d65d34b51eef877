import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@armazem/contracts/common';
import {
  ZMonthListQuery,
  ZMonthQuery,
  ZMonthReportQuery,
  ZMovementData,
  ZSheetPreview,
  ZStockMovement,
  ZStockMovementList,
  ZStockMovementParams,
} from '@armazem/contracts/movements';
import { contentDisposition } from '../lib/content-disposition.ts';
import { sendExport } from '../lib/exports.ts';
import { MOVEMENT_COLUMNS } from './list-exports.ts';
import { currentUser } from '../plugins/context.ts';
import { parseFields, parseJsonField, readSheetUpload } from './uploads.ts';
import { EVERY_REFUSAL, PERMISSION_REFUSAL, refusals } from './error-responses.ts';
import { permitted } from '../plugins/auth.ts';

const tags = ['movimentação'];

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The month's imports: list, preview, import and undo. */
const sheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { movements } = app;

  app.get(
    '/',
    {
      schema: { tags, querystring: ZMonthListQuery, response: { 200: ZStockMovementList, ...refusals(400) } },
    },
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
        response: { 200: ZSheetPreview, ...EVERY_REFUSAL },
      },
      // up to 50,000 rows that the row checks just built in this shape: checking them again against the schema
      // held the event loop for about half a second, so the preview is only stringified
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { sheet, fields } = await readSheetUpload(request);
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
        response: { 201: ZStockMovement, ...EVERY_REFUSAL },
      },
    },
    async (request, reply) => {
      const { sheet, fields } = await readSheetUpload(request);
      const period = parseFields(ZMonthQuery, { year: fields.year, month: fields.month });
      const data = parseJsonField(ZMovementData, fields.data, {
        example: '{"description": "..."}',
        absent: { description: null },
      });
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
      preHandler: permitted('sheet.delete'),
      schema: {
        tags,
        params: ZStockMovementParams,
        response: { 204: z.null(), ...EVERY_REFUSAL, ...PERMISSION_REFUSAL },
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
    { schema: { tags, querystring: ZMonthReportQuery, response: refusals(400) } },
    async (request, reply) => {
      const { fileName, pdf } = await movements.report(currentUser(request).name, request.query);
      return (
        reply
          .type('application/pdf')
          .header('Content-Disposition', contentDisposition(fileName, 'inline'))
          .header('Cache-Control', 'no-store')
          // a file: Fastify sends Buffers as they are, without the response serializer
          .send(pdf as never)
      );
    },
  );

  app.get('/template', { schema: { tags } }, async (_request, reply) =>
    reply
      .type(XLSX)
      .header('Content-Disposition', contentDisposition('modelo-movimentacao-estoque.xlsx'))
      .send(await movements.template()),
  );

  app.get(
    '/:stockMovementId/sheet',
    { schema: { tags, params: ZStockMovementParams, response: refusals(400, 404) } },
    async (request, reply) => {
      const file = await movements.originalSheet(request.params.stockMovementId);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', contentDisposition(file.fileName))
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
