import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZUpdateUserRequest,
  ZUserIdParams,
  ZUserListItem,
  ZUsersQuery,
  ZUsersResponse,
} from '@armazem/contracts/auth';
import { ZErrorResponse } from '@armazem/contracts/common';
import { requireAdmin } from '../plugins/auth.ts';
import { currentUser } from '../plugins/context.ts';

const tags = ['usuários'];
const refusals = { 400: ZErrorResponse, 403: ZErrorResponse };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app;
  app.addHook('preHandler', requireAdmin);

  app.get(
    '/',
    { schema: { tags, querystring: ZUsersQuery, response: { 200: ZUsersResponse, ...refusals } } },
    (request) => users.list(request.query),
  );

  app.patch(
    '/:userId',
    {
      schema: {
        tags,
        params: ZUserIdParams,
        body: ZUpdateUserRequest,
        response: { 200: ZUserListItem, ...refusals, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    (request) => users.updateAccess(currentUser(request).id, request.params.userId, request.body),
  );
};
