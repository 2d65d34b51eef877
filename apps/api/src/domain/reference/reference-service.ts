import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import type { Clock } from '../../lib/dates.ts';
import { listCategories, listUnities, listUnityBatches } from './reference-repository.ts';

export interface ReferenceServiceDeps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
}

/** Categories, unities and package kinds: the lists every catalog form chooses from. */
export function createReferenceService({ db }: ReferenceServiceDeps) {
  return {
    categories: () => listCategories(db),
    unities: () => listUnities(db),
    unityBatches: () => listUnityBatches(db),
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
