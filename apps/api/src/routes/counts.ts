import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { LIMITS } from '@armazem/contracts/common';
import {
  COUNT_STATUS_LABELS,
  type TCount,
  ZCount,
  ZCountDetail,
  ZCountDetailQuery,
  ZCountItemsInput,
  ZCountList,
  ZCountListQuery,
  ZCountParams,
  ZCountScanInput,
  ZCountScanResult,
  ZCountSheetMode,
  ZCountSheetPreview,
  ZNewCount,
  ZPostCount,
  ZUncountedItems,
} from '@armazem/contracts/counts';
import { contentDisposition } from '../lib/content-disposition.ts';
import { pagedRows, sendExport, type ExportColumn } from '../lib/exports.ts';
import { currentUser } from '../plugins/context.ts';
import { EVERY_REFUSAL, PERMISSION_REFUSAL, refusals } from './error-responses.ts';
import { parseFields, readSheetUpload } from './uploads.ts';
import { permitted } from '../plugins/auth.ts';

const tags = ['balanço'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COUNT_COLUMNS: ExportColumn<TCount>[] = [
  { title: 'Nº', type: 'number', width: 8, value: (c) => c.id },
  { title: 'Data da contagem', type: 'date', value: (c) => c.countedOn },
  { title: 'Descrição', width: 40, value: (c) => c.description },
  { title: 'Categoria', width: 20, value: (c) => c.category?.name ?? 'Todas' },
  { title: 'Depósito', width: 20, value: (c) => c.location.name },
  { title: 'Situação', width: 14, value: (c) => COUNT_STATUS_LABELS[c.status] },
  { title: 'Produtos contados', type: 'number', value: (c) => c.itemsCounted },
  { title: 'Iniciado por', width: 20, value: (c) => c.createdBy.name },
  { title: 'Iniciado em', type: 'datetime', value: (c) => c.createdAt },
  { title: 'Lançado por', width: 20, value: (c) => c.postedBy?.name },
  { title: 'Lançado em', type: 'datetime', value: (c) => c.postedAt },
];
// the saved lines, and the whole count's totals after them (the screen keeps its list and updates its summary)
const ZSavedItems = zm.extend(ZCount, { items: ZCountDetail.shape.items, totals: ZCountDetail.shape.totals });
/** The multipart field `mode` beside the sheet: `replace` (default, as before) or `add`. */
const ZSheetFields = zm.object({ mode: ZCountSheetMode });

/** The count sheet: download to count on paper, upload what was counted (merged, or 422 with the bad rows). */
const sheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { counts } = app;
  await app.register(multipart, {
    limits: { fileSize: LIMITS.uploadBytes, files: 1, fields: 5, fieldSize: 64 * 1024, parts: 6 },
    throwFileSizeLimit: true,
  });
  app.get(
    '/:countId/sheet',
    { schema: { tags, params: ZCountParams, response: refusals(400, 404) } },
    async (request, reply) => {
      const file = await counts.sheet(request.params.countId);
      return reply
        .type(XLSX)
        .header('Content-Disposition', contentDisposition(file.fileName))
        .send(file.bytes as never);
    },
  );

  app.post(
    '/:countId/sheet',
    {
      schema: {
        tags,
        params: ZCountParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZCountDetail, ...EVERY_REFUSAL },
      },
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { sheet, fields } = await readSheetUpload(request);
      const { mode } = parseFields(ZSheetFields, fields);
      return counts.uploadSheet(currentUser(request), request.params.countId, sheet.bytes, mode);
    },
  );

  app.post(
    '/:countId/sheet/preview',
    {
      schema: {
        tags,
        params: ZCountParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZCountSheetPreview, ...EVERY_REFUSAL },
      },
    },
    async (request) => {
      const { sheet, fields } = await readSheetUpload(request);
      const { mode } = parseFields(ZSheetFields, fields);
      return counts.previewSheet(request.params.countId, {
        fileName: sheet.fileName,
        bytes: sheet.bytes,
        mode,
      });
    },
  );
};

/** Counting together: scans added on the server, and what is left to count. */
const togetherRoutes: FastifyPluginAsyncZod = async (app) => {
  const { counts } = app;
  app.get(
    '/:countId/uncounted',
    { schema: { tags, params: ZCountParams, response: { 200: ZUncountedItems, ...EVERY_REFUSAL } } },
    async (request) => counts.uncounted(request.params.countId),
  );

  app.post(
    '/:countId/scans',
    {
      schema: {
        tags,
        params: ZCountParams,
        body: ZCountScanInput,
        response: { 200: ZCountScanResult, ...EVERY_REFUSAL },
      },
    },
    async (request) => counts.scan(currentUser(request), request.params.countId, request.body),
  );
};

/** A post, discard or undo: every refusal, and the 403 that names the permission (DESIGN.md §6.7). */
const GUARDED = { ...EVERY_REFUSAL, ...PERMISSION_REFUSAL };

/** Inventory counts (balanço): start, list, count, post, discard or undo. */
export const countRoutes: FastifyPluginAsyncZod = async (app) => {
  const { counts } = app;
  await app.register(sheetRoutes);
  await app.register(togetherRoutes);

  app.post(
    '/',
    { schema: { tags, body: ZNewCount, response: { 201: ZCount, ...EVERY_REFUSAL } } },
    async (request, reply) => reply.status(201).send(await counts.create(currentUser(request), request.body)),
  );

  app.get(
    '/',
    { schema: { tags, querystring: ZCountListQuery, response: { 200: ZCountList, ...refusals(400) } } },
    async (request, reply) => {
      const { query } = request;
      if (query.format) {
        const rows = pagedRows((page, pageSize) => counts.list({ ...query, page, pageSize }));
        return sendExport(reply, query.format, {
          name: 'balancos',
          sheetName: 'Balanços',
          columns: COUNT_COLUMNS,
          rows,
        });
      }
      return counts.list(query);
    },
  );

  app.get(
    '/:countId',
    {
      schema: {
        tags,
        params: ZCountParams,
        querystring: ZCountDetailQuery,
        response: { 200: ZCountDetail, ...EVERY_REFUSAL },
      },
      // 20,000 lines built in this shape: checking them again against the schema costs more than the query
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) =>
      counts.detail(currentUser(request), request.params.countId, request.query.differences ?? false),
  );

  app.put(
    '/:countId/items',
    {
      schema: {
        tags,
        params: ZCountParams,
        body: ZCountItemsInput,
        response: { 200: ZSavedItems, ...EVERY_REFUSAL },
      },
    },
    async (request) => counts.saveItems(currentUser(request), request.params.countId, request.body.items),
  );

  app.post(
    '/:countId/post',
    {
      schema: {
        tags,
        params: ZCountParams,
        body: zm.optional(ZPostCount),
        response: { 200: ZCount, ...GUARDED },
      },
      preHandler: permitted('count.post'),
    },
    async (request) =>
      counts.post(currentUser(request), request.params.countId, request.body?.uncountedAsZero ?? false),
  );

  app.delete(
    '/:countId',
    { schema: { tags, params: ZCountParams, response: { 204: z.null(), ...GUARDED } } },
    async (request, reply) => {
      await counts.remove(currentUser(request), request.params.countId);
      return reply.status(204).send(null);
    },
  );
};
