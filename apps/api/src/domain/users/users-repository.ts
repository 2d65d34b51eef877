import type { TRole, TUserStatus, ZUsersQuery } from '@armazem/contracts/auth';
import type { z } from 'zod/mini';
import type { Db, Tx } from '../../db/database.ts';
import { nowIso, toNumber } from '../../db/database.ts';
import { sortKey } from '../../lib/text.ts';
import { onePage } from '../../lib/paging.ts';

type UsersQuery = z.output<typeof ZUsersQuery>;
const USER_SORT = { name: 'name_sort', email: 'email', role: 'role', status: 'status' } as const;

export function findUserByEmail(db: Db | Tx, email: string) {
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

/** One page of users; without a sort, pending sign-ups come first: they are what an admin comes here for. */
export async function listUsers(db: Db, { page, per_page, status, sort, order }: UsersQuery) {
  let query = db.selectFrom('users');
  if (status) query = query.where('status', '=', status);
  const [rows, total] = await Promise.all([
    (sort
      ? query.selectAll().orderBy(USER_SORT[sort], order)
      : query.selectAll().orderBy((eb) => eb.case().when('status', '=', 'pending').then(0).else(1).end())
    )
      .orderBy('name_sort', order)
      .orderBy('id', order)
      .$call(onePage(page, per_page))
      .execute(),
    countUsers(db, status ? { status } : {}),
  ]);
  return { rows, total };
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

export function updateUserAccess(tx: Tx, id: number, access: { role: TRole; status: TUserStatus }) {
  return tx
    .updateTable('users')
    .set({ ...access, updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Name and, when given, a new password hash. */
export function updateUserProfile(tx: Tx, id: number, profile: { name: string; passwordHash?: string }) {
  return tx
    .updateTable('users')
    .set({
      name: profile.name,
      name_sort: sortKey(profile.name),
      updated_at: nowIso(),
      ...(profile.passwordHash ? { password_hash: profile.passwordHash } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setPasswordHash(tx: Tx, id: number, passwordHash: string, at: string) {
  await tx
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: at })
    .where('id', '=', id)
    .execute();
}
