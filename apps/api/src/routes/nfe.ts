import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZNfeImportData,
  ZNfeListQuery,
  ZNfeParams,
  ZNfePreview,
  ZNfeReceipt,
  ZNfeReceiptDetail,
} from '@armazem/contracts/nfe';
import { ZPaged } from '@armazem/contracts/common';
import { MAX_NFE_BYTES } from '../domain/nfe/nfe-public-service.ts';
import type { UploadedXml } from '../domain/nfe/nfe-service.ts';
import { badRequest } from '../lib/errors.ts';
import { contentDisposition } from '../lib/content-disposition.ts';
import { currentUser } from '../plugins/context.ts';
import { parseJsonField, readUpload } from './uploads.ts';
import { pagedRows, sendExport, type ExportColumn } from '../lib/exports.ts';
import type { TNfeReceipt } from '@armazem/contracts/nfe';
import { EVERY_REFUSAL, PERMISSION_REFUSAL, refusals } from './error-responses.ts';
import { permitted } from '../plugins/auth.ts';

const tags = ['notas fiscais'];
const NFE_COLUMNS: ExportColumn<TNfeReceipt>[] = [
  { title: 'Número', width: 12, value: (r) => r.number },
  { title: 'Série', width: 6, value: (r) => r.series },
  { title: 'Chave de acesso', width: 48, value: (r) => r.accessKey },
  { title: 'Fornecedor', width: 40, value: (r) => r.supplier.name },
  { title: 'Emissão', type: 'datetime', value: (r) => r.issuedAt },
  { title: 'Data da entrada', type: 'date', value: (r) => r.occurredOn },
  { title: 'Itens', type: 'number', value: (r) => r.entries },
  { title: 'Valor da nota', type: 'money', value: (r) => r.invoiceTotal },
  { title: 'Custo em estoque', type: 'money', value: (r) => r.totalCost },
  { title: 'Importada por', width: 24, value: (r) => r.createdBy.name },
  { title: 'Importada em', type: 'datetime', value: (r) => r.createdAt },
];
const TOO_LARGE = 'Arquivo grande demais: o limite do XML da NF-e é 5 MB.';

/** The XML sent in "xml" and the text fields beside it. */
async function readXmlUpload(
  request: FastifyRequest,
): Promise<{ file: UploadedXml; fields: Record<string, string> }> {
  const { file, fields } = await readUpload(request, 'xml', { fieldKb: 256, tooLarge: TOO_LARGE });
  if (!file || file.bytes.length === 0) throw badRequest('Envie o XML da NF-e no campo "xml".', 'xml');
  return { file: { fileName: file.fileName || 'nfe.xml', bytes: file.bytes }, fields };
}

const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_NFE_BYTES, files: 1, fields: 4, fieldSize: 256 * 1024, parts: 6 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/preview',
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZNfePreview, ...EVERY_REFUSAL } },
      // 990 items built in this very shape: checking them again against the schema only costs time
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { file } = await readXmlUpload(request);
      return request.server.nfe.preview(file);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        // 201: the note imported; 200: a cancellation event, with the receipt it undid
        response: { 200: ZNfeReceipt, 201: ZNfeReceipt, ...EVERY_REFUSAL },
      },
    },
    async (request, reply) => {
      const { file, fields } = await readXmlUpload(request);
      const { status, receipt } = await request.server.nfe.import(currentUser(request).id, file, () =>
        parseJsonField(ZNfeImportData, fields.data, { example: '{"items": [...]}' }),
      );
      return reply.status(status).send(receipt);
    },
  );
};

/** Supplier invoices (NF-e XML): preview, import, list, detail, the original XML, undo. */
export const nfeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { nfe } = app;
  await app.register(uploadRoutes);

  app.get(
    '/',
    {
      schema: { tags, querystring: ZNfeListQuery, response: { 200: ZPaged(ZNfeReceipt), ...refusals(400) } },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.format) {
        const rows = pagedRows((page, pageSize) => nfe.list({ ...query, page, pageSize }));
        return sendExport(reply, query.format, { name: 'notas-fiscais', columns: NFE_COLUMNS, rows });
      }
      return nfe.list(query);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        params: ZNfeParams,
        response: { 200: ZNfeReceiptDetail, ...refusals(400, 404) },
      },
    },
    async (request) => nfe.find(request.params.id),
  );

  app.get(
    '/:id/xml',
    { schema: { tags, params: ZNfeParams, response: refusals(400, 404) } },
    async (request, reply) => {
      const file = await nfe.xml(request.params.id);
      return reply
        .type('application/xml')
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'no-store')
        .send(file.bytes as never);
    },
  );

  app.delete(
    '/:id',
    {
      preHandler: permitted('nfe.undo'),
      schema: {
        tags,
        params: ZNfeParams,
        response: { 204: z.null(), ...EVERY_REFUSAL, ...PERMISSION_REFUSAL },
      },
    },
    async (request, reply) => {
      await nfe.undo(currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
