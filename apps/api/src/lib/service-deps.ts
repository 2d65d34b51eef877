import type { Db } from '../db/database.ts';
import type { Dialect } from '../db/types.ts';
import type { Clock } from './dates.ts';
import type { EventBus } from './events.ts';

/** What every feature service is built with, once per app (see app.ts). */
export interface ServiceDeps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  /** what changed, told to the screens after commit (lib/events.ts) */
  events: EventBus;
}
