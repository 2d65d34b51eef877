import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCatalogImportResult, ZCatalogPreview } from '@armazem/contracts/catalog-import';
import { LIMITS } from '@armazem/contracts/common';
import { contentDisposition } from '../lib/content-disposition.ts';
import { permitted } from '../plugins/auth.ts';
import { currentUser } from '../plugins/context.ts';
import { refusals } from './error-responses.ts';
import { readSheetUpload } from './uploads.ts';

const tags = ['produtos'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The catalog sheet (DESIGN.md §3 "Catalog and reference data"): template, preview, import. */
export const catalogImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogImport } = app;
  await app.register(multipart, {
    limits: { fileSize: LIMITS.uploadBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    throwFileSizeLimit: true,
  });

  app.get('/import/template', { schema: { tags } }, async (_request, reply) =>
    reply
      .type(XLSX)
      .header('Content-Disposition', contentDisposition('modelo-produtos.xlsx'))
      .send(await catalogImport.template()),
  );

  app.post(
    '/import/preview',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: ZCatalogPreview, ...refusals(400, 409, 413, 415, 422) },
      },
      // up to 50,000 rows the row checks just built in this shape: stringified, not checked again (as the monthly sheet)
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => catalogImport.preview((await readSheetUpload(request)).sheet),
  );

  app.post(
    '/import',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: ZCatalogImportResult, ...refusals(400, 403, 409, 413, 415, 422) },
      },
      preHandler: permitted('catalog.import'),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await catalogImport.import(currentUser(request), (await readSheetUpload(request)).sheet)),
  );
};
