import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZUpdateUserRequest,
  ZUserIdParams,
  ZUserListItem,
  ZUsersQuery,
  ZUsersResponse,
} from '@armazem/contracts/auth';
import { nowIso } from '../db/database.ts';
import { deleteUserSessions } from '../domain/auth/sessions.ts';
import { countUsers, findUserById, toUserListItem } from '../domain/users/users-repository.ts';
import { audit } from '../lib/audit.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { requireAdmin } from '../plugins/auth.ts';
import { currentUser } from '../plugins/context.ts';

const tags = ['usuários'];
const USER_SORT = { name: 'name_sort', email: 'email', role: 'role', status: 'status' } as const;

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireAdmin);

  app.get(
    '/',
    { schema: { tags, querystring: ZUsersQuery, response: { 200: ZUsersResponse } } },
    async (request) => {
      const { page, per_page, status, sort, order } = request.query;
      let query = app.db.selectFrom('users');
      if (status) query = query.where('status', '=', status);
      const [rows, total] = await Promise.all([
        (sort
          ? query.selectAll().orderBy(USER_SORT[sort], order)
          : // Pending sign-ups first: they are what an admin comes here for.
            query.selectAll().orderBy((eb) => eb.case().when('status', '=', 'pending').then(0).else(1).end())
        )
          .orderBy('name_sort', order)
          .orderBy('id', order)
          .limit(per_page)
          .offset((page - 1) * per_page)
          .execute(),
        countUsers(app.db, status ? { status } : {}),
      ]);
      return {
        page,
        per_page,
        total,
        total_pages: Math.ceil(total / per_page),
        data: rows.map(toUserListItem),
      };
    },
  );

  app.patch(
    '/:userId',
    { schema: { tags, params: ZUserIdParams, body: ZUpdateUserRequest, response: { 200: ZUserListItem } } },
    async (request) => {
      const me = currentUser(request);
      const { userId } = request.params;
      const updated = await app.db.transaction().execute(async (tx) => {
        const before = await findUserById(tx, userId);
        if (!before) throw notFound('Usuário não encontrado.');
        const status = request.body.status ?? before.status;
        const role = request.body.role ?? before.role;
        const losesAdmin =
          before.role === 'admin' && before.status === 'active' && (role !== 'admin' || status !== 'active');
        if (losesAdmin && (await countUsers(tx, { role: 'admin', status: 'active' })) <= 1) {
          throw conflict('Não é possível desativar ou rebaixar o último administrador ativo.');
        }
        const after = await tx
          .updateTable('users')
          .set({ status, role, updated_at: nowIso() })
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (status !== 'active') await deleteUserSessions(tx, userId);
        await audit(tx, {
          userId: me.id,
          action: 'update',
          entity: 'user',
          entityId: userId,
          before: { status: before.status, role: before.role },
          after: { status, role },
        });
        return after;
      });
      return toUserListItem(updated);
    },
  );
};
