import {
  permissionRefusal,
  type TPermissionAction,
  type TPermissions,
  type TUpdatePermissions,
} from '@armazem/contracts/permissions';
import type { Db, Tx } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { readStoredPermissions, writeStoredPermissions } from './permissions-repository.ts';
import { operatorPermissionsOf } from './permissions-rules.ts';

type Role = 'admin' | 'operator';

const read = async (db: Db | Tx): Promise<TPermissions> => ({
  operator: operatorPermissionsOf(await readStoredPermissions(db)),
});

/**
 * The one place an action of DESIGN.md §6.7 is checked: admins always may, an operator as the admins chose. Routes
 * call it through `permitted(action)` (plugins/auth.ts); a service that learns only inside its transaction which
 * action it does (a count discarded or undone, a catalog sheet that would create a category) calls it there.
 */
export function createPermissionsService({ db }: Pick<ServiceDeps, 'db'>) {
  return {
    read: () => read(db),

    /** Refuses (403, naming the permission) what this role may not do; `what` says it, as "criar categorias". */
    async assert(role: Role, action: TPermissionAction, what?: string, tx?: Tx): Promise<void> {
      if (role === 'admin') return;
      const { operator } = await read(tx ?? db);
      if (!operator[action])
        throw new AppError('FORBIDDEN', permissionRefusal(action, what), { details: { permission: action } });
    },

    /** Saves the actions sent (the others keep their value) and audits the change. */
    update: (userId: number, { operator }: TUpdatePermissions): Promise<TPermissions> =>
      db.transaction().execute(async (tx) => {
        const before = await read(tx);
        const chosen = Object.entries(operator).filter(([, allowed]) => allowed !== undefined);
        const after = { operator: { ...before.operator, ...Object.fromEntries(chosen) } };
        await writeStoredPermissions(tx, JSON.stringify(after.operator));
        await audit(tx, { userId, action: 'update', entity: 'permissions', entityId: null, before, after });
        return after;
      }),
  };
}

export type PermissionsService = ReturnType<typeof createPermissionsService>;
