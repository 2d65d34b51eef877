import { expectedMigrationNames } from '../../db/migrate.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { appliedMigrationNames } from './health-repository.ts';
import { DATABASE_DOWN, DRAINING, schemaProblem } from './health-rules.ts';

export type Readiness =
  { status: 'ok'; database: string } | { status: 'unavailable'; database: string; reason: string };

/** /api/ready answers within a second whatever holds the database (DESIGN §6.1): the server's own limit first… */
const SERVER_LIMIT_MS = 700;
/** …and this one for a pool acquire or a network that does not answer at all. */
const ANSWER_WITHIN_MS = 900;

/** `work`, or a rejection once `ms` have passed (the work goes on and is dropped when it ends). */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('readiness timeout')), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function createHealthService({ db, dialect }: Pick<ServiceDeps, 'db' | 'dialect'>) {
  const expected = expectedMigrationNames(dialect);
  const unavailable = (reason: string): Readiness => ({ status: 'unavailable', database: dialect, reason });

  return {
    /** Ready = not shutting down, the database answers, and its schema is the one this code expects. */
    async readiness(draining: boolean): Promise<Readiness> {
      if (draining) return unavailable(DRAINING);
      let applied: string[];
      try {
        applied = await within(appliedMigrationNames(db, dialect, SERVER_LIMIT_MS), ANSWER_WITHIN_MS);
      } catch {
        return unavailable(DATABASE_DOWN);
      }
      const problem = schemaProblem(expected, applied);
      return problem ? unavailable(problem) : { status: 'ok', database: dialect };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
