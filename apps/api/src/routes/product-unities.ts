import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZNewPrice,
  ZNewProductUnity,
  ZPrice,
  ZProductParams,
  ZProductUnity,
  ZProductUnityParams,
  ZProductUnitySelect,
  ZUpdateProductUnity,
} from '@armazem/contracts/catalog';
import { currentUser } from '../plugins/context.ts';
import { errors } from './error-responses.ts';

// A product's packages and prices (under /products/v1/:productId); the product itself is in products.ts.

const tags = ['produtos'];

export const productUnityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { products } = app;

  // ----- product unities (packages) -----

  app.post(
    '/:productId/unity/v1',
    {
      schema: {
        tags,
        params: ZProductParams,
        body: ZNewProductUnity,
        response: { 201: ZProductUnity, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { productId } = request.params;
      return reply
        .status(201)
        .send(await products.addUnity(currentUser(request).id, productId, request.body));
    },
  );

  app.patch(
    '/:productId/unity/v1/:unityId',
    {
      schema: {
        tags,
        params: ZProductUnityParams,
        body: ZUpdateProductUnity,
        response: { 200: ZProductUnity, ...errors(400, 404, 409) },
      },
    },
    (request) => {
      const { productId, unityId } = request.params;
      return products.updateUnity(currentUser(request).id, productId, unityId, request.body);
    },
  );

  app.delete(
    '/:productId/unity/v1/:unityId',
    { schema: { tags, params: ZProductUnityParams, response: { 204: z.null(), ...errors(400, 404, 409) } } },
    async (request, reply) => {
      const { productId, unityId } = request.params;
      await products.removeUnity(currentUser(request).id, productId, unityId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:productId/unity/v1/select',
    { schema: { tags, params: ZProductParams, response: { 200: ZProductUnitySelect, ...errors(400, 404) } } },
    (request) => products.unitySelect(request.params.productId),
  );

  // ----- prices -----

  app.post(
    '/:productId/price/v1',
    {
      schema: {
        tags,
        params: ZProductParams,
        body: ZNewPrice,
        response: { 201: ZPrice, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { productId } = request.params;
      return reply
        .status(201)
        .send(await products.addPrice(currentUser(request).id, productId, request.body));
    },
  );
};
