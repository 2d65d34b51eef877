import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZNewProduct,
  ZProduct,
  ZProductDetail,
  ZProductListQuery,
  ZProductLookup,
  ZProductLookupQuery,
  ZProductParams,
  ZProductSelect,
  ZUpdateProduct,
} from '@armazem/contracts/catalog';
import { ZPaged, zText, zInt } from '@armazem/contracts/common';
import { z as zm } from 'zod/mini';
import { sendExport } from '../lib/exports.ts';
import { paged } from '../lib/paging.ts';
import { CATALOG_EXPORT_COLUMNS } from '../domain/catalog-import/catalog-import-public-service.ts';
import { currentUser } from '../plugins/context.ts';
import { errors } from './error-responses.ts';

const tags = ['produtos'];
const ZSelectQuery = zm.object({
  q: zm.optional(zText(200)),
  limit: zm.optional(zInt('Limite inválido: use de 1 a 1000.', 1, 1000)),
});

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { products } = app;

  app.get(
    '/',
    { schema: { tags, querystring: ZProductListQuery, response: { 200: ZPaged(ZProduct), ...errors(400) } } },
    async (request, reply) => {
      const { format } = request.query;
      if (format) {
        const rows = await app.catalogImport.exportRows(request.query);
        return sendExport(reply, format, { name: 'produtos', columns: CATALOG_EXPORT_COLUMNS, rows });
      }
      const { data, total } = await products.list(request.query);
      return paged(data, total, request.query.page, request.query.pageSize);
    },
  );

  app.get(
    '/select',
    { schema: { tags, querystring: ZSelectQuery, response: { 200: ZProductSelect, ...errors(400) } } },
    (request) => products.select(request.query),
  );

  app.get(
    '/lookup',
    { schema: { tags, querystring: ZProductLookupQuery, response: { 200: ZProductLookup, ...errors(400) } } },
    (request) => products.lookup(request.query.code),
  );

  app.get(
    '/:productId',
    { schema: { tags, params: ZProductParams, response: { 200: ZProductDetail, ...errors(400, 404) } } },
    (request) => products.detail(request.params.productId),
  );

  app.post(
    '/',
    { schema: { tags, body: ZNewProduct, response: { 201: ZProduct, ...errors(400, 404, 409) } } },
    async (request, reply) =>
      reply.status(201).send(await products.create(currentUser(request).id, request.body)),
  );

  app.patch(
    '/:productId',
    {
      schema: {
        tags,
        params: ZProductParams,
        body: ZUpdateProduct,
        response: { 200: ZProduct, ...errors(400, 404, 409) },
      },
    },
    (request) => products.update(currentUser(request).id, request.params.productId, request.body),
  );

  app.delete(
    '/:productId',
    { schema: { tags, params: ZProductParams, response: { 204: z.null(), ...errors(400, 404, 409) } } },
    async (request, reply) => {
      await products.remove(currentUser(request).id, request.params.productId);
      return reply.status(204).send(null);
    },
  );
};
