import type { TRole, TUserListItem, TUserStatus } from '@armazem/contracts/auth';
import type { Db, Tx } from '../../db/database.ts';
import { nowIso, toNumber } from '../../db/database.ts';
import type { User } from '../../db/types.ts';
import { sortKey } from '../../lib/text.ts';

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db | Tx, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: Db | Tx, filter: { role?: TRole; status?: TUserStatus } = {}) {
  let query = db.selectFrom('users').select((eb) => eb.fn.countAll().as('total'));
  if (filter.role) query = query.where('role', '=', filter.role);
  if (filter.status) query = query.where('status', '=', filter.status);
  const row = await query.executeTakeFirstOrThrow();
  return toNumber(row.total as number | string);
}

export async function insertUser(
  db: Db | Tx,
  user: { name: string; email: string; passwordHash: string; role: TRole; status: TUserStatus },
) {
  const now = nowIso();
  return db
    .insertInto('users')
    .values({
      name: user.name,
      email: user.email.toLowerCase(),
      name_sort: sortKey(user.name),
      password_hash: user.passwordHash,
      role: user.role,
      status: user.status,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function toMe(user: Pick<User, 'id' | 'name' | 'email' | 'role'>) {
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

/** first_name / last_name / avatar keep the shape of the template's placeholder list (reqres.in). */
export function toUserListItem(user: User): TUserListItem {
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
