import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { LIMITS } from '@armazem/contracts/common';
import {
  ZMonthQuery,
  ZMovementData,
  ZSheetPreview,
  ZStockMovement,
  ZStockMovementList,
  ZStockMovementParams,
} from '@armazem/contracts/movements';
import type { UploadedSheet } from '../domain/movements/movement-service.ts';
import { readSettings } from '../domain/settings/settings-repository.ts';
import { todayIn } from '../lib/dates.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import { currentUser } from '../plugins/context.ts';

const tags = ['movimentação'];

// exceljs and pdfkit weigh ~30 MB each: loaded on the first sheet or report call, not at start-up
const service = () => import('../domain/movements/movement-service.ts');
const reports = async () => ({
  ...(await import('../domain/movements/report-data.ts')),
  ...(await import('../domain/movements/report-pdf.ts')),
});
const templates = () => import('../domain/movements/template.ts');

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

export const movementRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: LIMITS.uploadBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    throwFileSizeLimit: true,
  });
  const today = () => todayIn(app.config.timeZone);

  app.get(
    '/',
    { schema: { tags, querystring: ZMonthQuery, response: { 200: ZStockMovementList } } },
    async (request) => ({
      data: await (await service()).listMovements(app.db, request.query.year, request.query.month),
    }),
  );

  app.post(
    '/sheet',
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZSheetPreview } },
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
      return (await service()).previewSheet(
        app.db,
        app.dialect,
        currentUser(request).id,
        sheet,
        chosen,
        today(),
      );
    },
  );

  app.post(
    '/',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 201: ZStockMovement } } },
    async (request, reply) => {
      const { sheet, fields } = await readUpload(request);
      const period = parseFields(ZMonthQuery, { year: fields.year, month: fields.month });
      const data = parseData(fields.data);
      const { importSheet, findMovement } = await service();
      const id = await importSheet(
        app.db,
        app.dialect,
        currentUser(request).id,
        sheet,
        { ...period, today: today() },
        data.description ?? null,
      );
      return reply.status(201).send(await findMovement(app.db, id));
    },
  );

  app.delete(
    '/:stockMovementId',
    { schema: { tags, params: ZStockMovementParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { cancelMovement } = await service();
      await cancelMovement(
        app.db,
        app.dialect,
        currentUser(request).id,
        request.params.stockMovementId,
        today(),
      );
      return reply.status(204).send(null);
    },
  );

  app.get('/report', { schema: { tags, querystring: ZMonthQuery } }, async (request, reply) => {
    const { year, month } = request.query;
    const { monthReport, renderReport } = await reports();
    const [data, settings] = await Promise.all([
      monthReport(app.db, year, month),
      readSettings(app.db, app.config.timeZone),
    ]);
    const pdf = await renderReport(data, settings, currentUser(request).name, new Date());
    return reply
      .type('application/pdf')
      .header(
        'Content-Disposition',
        disposition('inline', `relatorio-estoque-${year}-${String(month).padStart(2, '0')}.pdf`),
      )
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });

  app.get('/template', { schema: { tags } }, async (_request, reply) =>
    reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', disposition('attachment', 'modelo-movimentacao-estoque.xlsx'))
      .send(await (await templates()).buildTemplate()),
  );

  app.get(
    '/:stockMovementId/sheet',
    { schema: { tags, params: ZStockMovementParams } },
    async (request, reply) => {
      const file = await (await service()).originalSheet(app.db, request.params.stockMovementId);
      // Only real .xlsx (a zip) or .csv are ever accepted: serve what the bytes are, never the uploader's claim.
      const isZip = file.bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      return reply
        .type(isZip ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv')
        .header('Content-Disposition', disposition('attachment', file.fileName))
        .send(file.bytes);
    },
  );
};
