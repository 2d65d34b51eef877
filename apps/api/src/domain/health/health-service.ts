import { expectedMigrationNames } from '../../db/migrate.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { appliedMigrationNames } from './health-repository.ts';
import { DATABASE_DOWN, DRAINING, schemaProblem } from './health-rules.ts';

export type Readiness =
  { status: 'ok'; database: string } | { status: 'unavailable'; database: string; reason: string };

export function createHealthService({ db, dialect }: Pick<ServiceDeps, 'db' | 'dialect'>) {
  const expected = expectedMigrationNames(dialect);
  const unavailable = (reason: string): Readiness => ({ status: 'unavailable', database: dialect, reason });

  return {
    /** Ready = not shutting down, the database answers, and its schema is the one this code expects. */
    async readiness(draining: boolean): Promise<Readiness> {
      if (draining) return unavailable(DRAINING);
      let applied: string[];
      try {
        applied = await appliedMigrationNames(db);
      } catch {
        return unavailable(DATABASE_DOWN);
      }
      const problem = schemaProblem(expected, applied);
      return problem ? unavailable(problem) : { status: 'ok', database: dialect };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
