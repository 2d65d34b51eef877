import type { TRole, TUserListItem, TUserStatus } from '@armazem/contracts/auth';

export const LAST_ADMIN = 'Não é possível desativar ou rebaixar o último administrador ativo.';

/** What the rules read of a user (the repository's row has more). */
interface UserFacts {
  id: number;
  name: string;
  email: string;
  role: TRole;
  status: TUserStatus;
}

interface Access {
  role: TRole;
  status: TUserStatus;
}

/** An admin's change names what it changes; the rest stays. */
export function nextAccess(before: Access, change: Partial<Access>): Access {
  return { role: change.role ?? before.role, status: change.status ?? before.status };
}

/** True when an active admin would stop being one (demoted, disabled or sent back to pending). */
export function losesActiveAdmin(before: Access, after: Access): boolean {
  return (
    before.role === 'admin' &&
    before.status === 'active' &&
    (after.role !== 'admin' || after.status !== 'active')
  );
}

/** The business always keeps one active admin, or nobody could approve, promote or re-enable anyone again. */
export function lastAdminRefusal(before: Access, after: Access, activeAdmins: number): string | null {
  return losesActiveAdmin(before, after) && activeAdmins <= 1 ? LAST_ADMIN : null;
}

/** The first account becomes an active admin; every later one waits for an admin's approval. */
export function accessOfNewAccount(existingUsers: number): Access {
  return existingUsers === 0 ? { role: 'admin', status: 'active' } : { role: 'operator', status: 'pending' };
}

export function toMe(user: Pick<UserFacts, 'id' | 'name' | 'email' | 'role'>) {
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

/** first_name / last_name / avatar keep the shape of the template's placeholder list (reqres.in). */
export function toUserListItem(user: UserFacts): TUserListItem {
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  return {
    id: user.id,
    email: user.email,
    first_name: first,
    last_name: rest.join(' '),
    avatar: null,
    role: user.role,
    status: user.status,
  };
}
