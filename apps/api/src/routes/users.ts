import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZUpdateUserRequest,
  ZUserIdParams,
  ZUserListItem,
  ZUsersQuery,
  ZUsersResponse,
} from '@armazem/contracts/auth';
import { ZErrorResponse } from '@armazem/contracts/common';
import { pagedRows, sendExport } from '../lib/exports.ts';
import { requireAdmin } from '../plugins/auth.ts';
import { USER_COLUMNS } from './list-exports.ts';
import { currentUser } from '../plugins/context.ts';

const tags = ['usuários'];
const refusals = { 400: ZErrorResponse, 403: ZErrorResponse };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app;
  app.addHook('preHandler', requireAdmin);

  app.get(
    '/',
    { schema: { tags, querystring: ZUsersQuery, response: { 200: ZUsersResponse, ...refusals } } },
    async (request, reply) => {
      const { query } = request;
      if (!query.format) return users.list(query);
      const rows = pagedRows((page, pageSize) => users.list({ ...query, page, per_page: pageSize }));
      return sendExport(reply, query.format, {
        name: 'usuarios',
        sheetName: 'Usuários',
        columns: USER_COLUMNS,
        rows,
      });
    },
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
