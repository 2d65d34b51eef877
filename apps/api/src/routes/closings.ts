import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@armazem/contracts/common';
import { ZClosedThrough, ZCloseMonth, ZClosings, ZReopenMonth } from '@armazem/contracts/stock-history';
import { requireAdmin } from '../plugins/auth.ts';
import { currentUser } from '../plugins/context.ts';

const tags = ['fechamento'];
const refusals = { 400: ZErrorResponse, 403: ZErrorResponse, 409: ZErrorResponse };

export const closingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { closings } = app;

  app.get('/', { schema: { tags, response: { 200: ZClosings } } }, () => closings.list());

  app.post(
    '/',
    {
      preHandler: requireAdmin,
      schema: { tags, body: ZCloseMonth, response: { 201: ZClosedThrough, ...refusals } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await closings.close(currentUser(request).id, request.body.year, request.body.month)),
  );

  app.post(
    '/reopen',
    {
      preHandler: requireAdmin,
      schema: { tags, body: ZReopenMonth, response: { 200: ZClosedThrough, ...refusals } },
    },
    (request) =>
      closings.reopen(currentUser(request).id, request.body.year, request.body.month, request.body.reason),
  );
};
