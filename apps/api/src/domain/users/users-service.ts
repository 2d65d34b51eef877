import type { TUserListItem, ZUpdateUserRequest, ZUsersQuery } from '@armazem/contracts/auth';
import type { z } from 'zod/mini';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { endUserSessions } from '../auth/auth-public-service.ts';
import { countUsers, findUserById, listUsers, updateUserAccess } from './users-repository.ts';
import { lastAdminRefusal, nextAccess, toUserListItem } from './users-rules.ts';

type UsersQuery = z.output<typeof ZUsersQuery>;
type UpdateUser = z.output<typeof ZUpdateUserRequest>;

export function createUsersService({ db, events }: Pick<ServiceDeps, 'db' | 'events'>) {
  return {
    async list(query: UsersQuery) {
      const { rows, total } = await listUsers(db, query);
      const { page, per_page } = query;
      return {
        page,
        per_page,
        total,
        total_pages: Math.ceil(total / per_page),
        data: rows.map(toUserListItem),
      };
    },

    /** An admin approves, disables or changes the role of someone; a person no longer active is signed out. */
    async updateAccess(actorId: number, userId: number, change: UpdateUser): Promise<TUserListItem> {
      const updated = await db.transaction().execute(async (tx) => {
        const before = await findUserById(tx, userId);
        if (!before) throw notFound('Usuário não encontrado.');
        const after = nextAccess(before, change);
        const refusal = lastAdminRefusal(
          before,
          after,
          await countUsers(tx, { role: 'admin', status: 'active' }),
        );
        if (refusal) throw conflict(refusal);
        const row = await updateUserAccess(tx, userId, after);
        if (after.status !== 'active') await endUserSessions(tx, userId);
        await audit(tx, {
          userId: actorId,
          action: 'update',
          entity: 'user',
          entityId: userId,
          before: { status: before.status, role: before.role },
          after,
        });
        return row;
      });
      events.publish('notifications'); // the bell counts the sign-ups waiting for approval
      return toUserListItem(updated);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
