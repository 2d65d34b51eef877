import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  ZCategory,
  ZCategoryList,
  ZNewCategory,
  ZNewUnity,
  ZNewUnityBatch,
  ZReferenceListQuery,
  ZReferenceParams,
  ZUnity,
  ZUnityBatch,
  ZUnityBatchList,
  ZUnityList,
  ZUpdateCategory,
  ZUpdateUnity,
  ZUpdateUnityBatch,
} from '@armazem/contracts/reference';
import { permitted, requireAdmin } from '../plugins/auth.ts';
import { currentUser } from '../plugins/context.ts';
import { errors, PERMISSION_REFUSAL } from './error-responses.ts';

const tags = ['cadastros básicos'];

const KINDS = [
  {
    url: '/categories/v1',
    table: 'categories',
    item: ZCategory,
    create: ZNewCategory,
    change: ZUpdateCategory,
  },
  { url: '/unities/v1', table: 'unities', item: ZUnity, create: ZNewUnity, change: ZUpdateUnity },
  {
    url: '/unity-batches/v1',
    table: 'unity_batches',
    item: ZUnityBatch,
    create: ZNewUnityBatch,
    change: ZUpdateUnityBatch,
  },
] as const;

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reference } = app;
  const list = { querystring: ZReferenceListQuery };

  app.get(
    '/categories/v1',
    { schema: { tags, ...list, response: { 200: ZCategoryList, ...errors(400) } } },
    (request) => reference.categories(request.query.status),
  );
  app.get(
    '/unities/v1',
    { schema: { tags, ...list, response: { 200: ZUnityList, ...errors(400) } } },
    (request) => reference.unities(request.query.status),
  );
  app.get(
    '/unity-batches/v1',
    { schema: { tags, ...list, response: { 200: ZUnityBatchList, ...errors(400) } } },
    (request) => reference.unityBatches(request.query.status),
  );

  // The business's own changes: creating as 'reference.create' allows (DESIGN.md §6.7), the rest admins only.
  for (const kind of KINDS) {
    app.post(
      kind.url,
      {
        preHandler: permitted('reference.create'),
        schema: {
          tags,
          body: kind.create,
          response: { 201: kind.item, ...errors(400, 404, 409), ...PERMISSION_REFUSAL },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await reference.create(currentUser(request).id, kind.table, request.body)),
    );
    app.patch(
      `${kind.url}/:id`,
      {
        preHandler: requireAdmin,
        schema: {
          tags,
          params: ZReferenceParams,
          body: kind.change,
          response: { 200: kind.item, ...errors(400, 403, 404, 409) },
        },
      },
      (request) => reference.update(currentUser(request).id, kind.table, request.params.id, request.body),
    );
    app.delete(
      `${kind.url}/:id`,
      {
        preHandler: requireAdmin,
        schema: {
          tags,
          params: ZReferenceParams,
          response: { 204: z.null(), ...errors(400, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await reference.remove(currentUser(request).id, kind.table, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
};
