import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZClosedThrough, ZCloseMonth, ZClosings, ZReopenMonth } from '@armazem/contracts/stock-history';
import { permitted } from '../plugins/auth.ts';
import { currentUser } from '../plugins/context.ts';
import { errors, PERMISSION_REFUSAL } from './error-responses.ts';

const tags = ['fechamento'];

export const closingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { closings } = app;

  app.get('/', { schema: { tags, response: { 200: ZClosings } } }, () => closings.list());

  app.post(
    '/',
    {
      preHandler: permitted('month.close'),
      schema: {
        tags,
        body: ZCloseMonth,
        response: { 201: ZClosedThrough, ...errors(400, 409), ...PERMISSION_REFUSAL },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await closings.close(currentUser(request).id, request.body.year, request.body.month)),
  );

  app.post(
    '/reopen',
    {
      preHandler: permitted('month.reopen'),
      schema: {
        tags,
        body: ZReopenMonth,
        response: { 200: ZClosedThrough, ...errors(400, 409), ...PERMISSION_REFUSAL },
      },
    },
    (request) =>
      closings.reopen(currentUser(request).id, request.body.year, request.body.month, request.body.reason),
  );
};
