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
import {
  createSupplier,
  deleteSupplier,
  findSupplier,
  listSupplierProducts,
  listSuppliers,
  setSupplierProductLink,
  updateSupplier,
} from '../domain/catalog/suppliers.ts';
import { paged } from '../lib/paging.ts';
import { currentUser } from '../plugins/context.ts';

const tags = ['fornecedores'];

export const supplierRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags, querystring: ZSupplierListQuery, response: { 200: ZPaged(ZSupplier) } } },
    async (request) => {
      const { data, total } = await listSuppliers(app.db, request.query);
      return paged(data, total, request.query.page, request.query.pageSize);
    },
  );

  app.get('/select', { schema: { tags, response: { 200: ZSupplierSelect } } }, () =>
    app.db
      .selectFrom('suppliers')
      .select(['id', 'name', 'document'])
      .where('status', '=', 'active')
      .orderBy('name')
      .orderBy('id')
      .execute(),
  );

  app.get(
    '/:supplierId',
    { schema: { tags, params: ZSupplierParams, response: { 200: ZSupplier } } },
    (request) => findSupplier(app.db, request.params.supplierId),
  );

  app.post(
    '/',
    { schema: { tags, body: ZNewSupplier, response: { 201: ZSupplier } } },
    async (request, reply) => {
      const id = await createSupplier(app.db, currentUser(request).id, request.body);
      return reply.status(201).send(await findSupplier(app.db, id));
    },
  );

  app.patch(
    '/:supplierId',
    { schema: { tags, params: ZSupplierParams, body: ZUpdateSupplier, response: { 200: ZSupplier } } },
    async (request) => {
      await updateSupplier(app.db, currentUser(request).id, request.params.supplierId, request.body);
      return findSupplier(app.db, request.params.supplierId);
    },
  );

  app.delete(
    '/:supplierId',
    { schema: { tags, params: ZSupplierParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteSupplier(app.db, currentUser(request).id, request.params.supplierId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:supplierId/products/v1',
    { schema: { tags, params: ZSupplierParams, response: { 200: ZSupplierProducts } } },
    (request) => listSupplierProducts(app.db, request.params.supplierId),
  );

  for (const [method, linked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/:supplierId/products/v1/:productId',
      schema: { tags, params: ZSupplierProductParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        const { supplierId, productId } = request.params;
        await setSupplierProductLink(app.db, currentUser(request).id, supplierId, productId, linked);
        return reply.status(204).send(null);
      },
    });
  }
};
