import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZUpdateUserRequest,
  ZUserIdParams,
  ZUserListItem,
  ZUsersQuery,
  ZUsersResponse,
} from '@armazem/contracts/auth';
import { pagedRows, sendExport } from '../lib/exports.ts';
import { requireAdmin } from '../plugins/auth.ts';
import { USER_COLUMNS } from './list-exports.ts';
import { currentUser } from '../plugins/context.ts';
import { errors } from './error-responses.ts';

const tags = ['usuários'];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app;
  app.addHook('preHandler', requireAdmin);

  app.get(
    '/',
    { schema: { tags, querystring: ZUsersQuery, response: { 200: ZUsersResponse, ...errors(400, 403) } } },
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
        response: { 200: ZUserListItem, ...errors(400, 403, 404, 409) },
      },
    },
    (request) => users.updateAccess(currentUser(request).id, request.params.userId, request.body),
  );
};
