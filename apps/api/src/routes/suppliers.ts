import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZNewSupplier,
  ZSupplier,
  ZSupplierListQuery,
  ZSupplierParams,
  ZSupplierProductParams,
  ZSupplierProducts,
  ZSupplierSelect,
  ZUpdateSupplier,
} from '@armazem/contracts/catalog';
import { ZPaged } from '@armazem/contracts/common';
import { pagedRows, sendExport } from '../lib/exports.ts';
import { paged } from '../lib/paging.ts';
import { SUPPLIER_COLUMNS } from './list-exports.ts';
import { currentUser } from '../plugins/context.ts';
import { errors } from './error-responses.ts';

const tags = ['fornecedores'];

export const supplierRoutes: FastifyPluginAsyncZod = async (app) => {
  const { suppliers } = app;

  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: ZSupplierListQuery,
        response: { 200: ZPaged(ZSupplier), ...errors(400) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.format) {
        const rows = pagedRows((page, pageSize) => suppliers.list({ ...query, page, pageSize }));
        return sendExport(reply, query.format, { name: 'fornecedores', columns: SUPPLIER_COLUMNS, rows });
      }
      const { data, total } = await suppliers.list(request.query);
      return paged(data, total, request.query.page, request.query.pageSize);
    },
  );

  app.get('/select', { schema: { tags, response: { 200: ZSupplierSelect } } }, () => suppliers.options());

  app.get(
    '/:supplierId',
    {
      schema: {
        tags,
        params: ZSupplierParams,
        response: { 200: ZSupplier, ...errors(400, 404) },
      },
    },
    (request) => suppliers.find(request.params.supplierId),
  );

  app.post(
    '/',
    { schema: { tags, body: ZNewSupplier, response: { 201: ZSupplier, ...errors(400, 404, 409) } } },
    async (request, reply) =>
      reply.status(201).send(await suppliers.create(currentUser(request).id, request.body)),
  );

  app.patch(
    '/:supplierId',
    {
      schema: {
        tags,
        params: ZSupplierParams,
        body: ZUpdateSupplier,
        response: { 200: ZSupplier, ...errors(400, 404, 409) },
      },
    },
    (request) => suppliers.update(currentUser(request).id, request.params.supplierId, request.body),
  );

  app.delete(
    '/:supplierId',
    { schema: { tags, params: ZSupplierParams, response: { 204: z.null(), ...errors(400, 404, 409) } } },
    async (request, reply) => {
      await suppliers.remove(currentUser(request).id, request.params.supplierId);
      return reply.status(204).send(null);
    },
  );

  await app.register(supplierProductRoutes);
};

/** The products a supplier sells: listed, linked and unlinked. */
const supplierProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const { suppliers } = app;

  app.get(
    '/:supplierId/products/v1',
    {
      schema: {
        tags,
        params: ZSupplierParams,
        response: { 200: ZSupplierProducts, ...errors(400, 404) },
      },
    },
    (request) => suppliers.products(request.params.supplierId),
  );

  for (const [method, linked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/:supplierId/products/v1/:productId',
      schema: { tags, params: ZSupplierProductParams, response: { 204: z.null(), ...errors(400, 404, 409) } },
      handler: async (request, reply) => {
        const { supplierId, productId } = request.params;
        await suppliers.setProductLink(currentUser(request).id, supplierId, productId, linked);
        return reply.status(204).send(null);
      },
    });
  }
};
