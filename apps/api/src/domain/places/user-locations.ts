import type { TDefaultLocation } from '@armazem/contracts/places';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';

/**
 * Each user's default location (DESIGN.md §6.3, decision 0068): where their movements and counts go unless they name
 * another. Anyone sets their own; an admin sets anyone's. The posting pipeline reads it (location-stock.ts).
 */
export function createUserLocationsService({ db }: Pick<ServiceDeps, 'db'>) {
  async function defaultOf(userId: number): Promise<TDefaultLocation> {
    const user = await db
      .selectFrom('users as u')
      .leftJoin('locations as mine', (join) =>
        join.onRef('mine.id', '=', 'u.default_location_id').on('mine.status', '=', 'active'),
      )
      .select(['u.id', 'u.default_location_id', 'mine.id as mine'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    if (!user) throw notFound('Usuário não encontrado.');
    const effective = await effectiveLocation(db, user.mine);
    return { locationId: user.default_location_id, effective };
  }

  return {
    defaultOf,

    async setDefault(actorId: number, userId: number, locationId: number | null): Promise<TDefaultLocation> {
      await db.transaction().execute(async (tx) => {
        const user = await tx
          .selectFrom('users')
          .select(['id', 'default_location_id'])
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!user) throw notFound('Usuário não encontrado.');
        if (locationId !== null) {
          const location = await tx
            .selectFrom('locations')
            .select(['name', 'status'])
            .where('id', '=', locationId)
            .executeTakeFirst();
          if (!location) throw badRequest('Depósito não encontrado.', 'locationId');
          if (location.status !== 'active') throw conflict(`O depósito ${location.name} está inativo.`);
        }
        await tx
          .updateTable('users')
          .set({ default_location_id: locationId, updated_at: nowIso() })
          .where('id', '=', userId)
          .execute();
        await audit(tx, {
          userId: actorId,
          action: 'update',
          entity: 'user',
          entityId: userId,
          before: { defaultLocationId: user.default_location_id },
          after: { defaultLocationId: locationId },
        });
      });
      return defaultOf(userId);
    },
  };
}

/** The user's location when active, else the first establishment's default. */
async function effectiveLocation(db: Db, mine: number | null) {
  const query = db.selectFrom('locations as l').select(['l.id', 'l.name', 'l.establishment_id']);
  const row = mine
    ? await query.where('l.id', '=', mine).executeTakeFirstOrThrow()
    : await query
        .innerJoin('establishments as e', 'e.default_location_id', 'l.id')
        .orderBy('e.id')
        .limit(1)
        .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, establishmentId: row.establishment_id };
}

export type UserLocationsService = ReturnType<typeof createUserLocationsService>;
