import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DatabaseHandle } from './database.ts';
import type { Dialect } from './types.ts';
import { foundation } from './migrations/001-foundation.ts';
import { catalogAndStock } from './migrations/002-catalog-and-stock.ts';
import { searchIndexes } from './migrations/003-search-indexes.ts';
import { movementDedupe } from './migrations/004-movement-dedupe.ts';
import { authHardening } from './migrations/005-auth-hardening.ts';
import { dashboardIndexes } from './migrations/006-dashboard-indexes.ts';
import { postingPipeline } from './migrations/007-posting-pipeline.ts';
import { sortKeys } from './migrations/008-sort-keys.ts';
import { fiscalFields } from './migrations/009-fiscal-fields.ts';
import { referenceData } from './migrations/010-reference-data.ts';
import { nfeReceipts } from './migrations/011-nfe-receipts.ts';
import { inventoryCounts } from './migrations/012-inventory-counts.ts';
import { listFigures } from './migrations/013-list-figures.ts';
import { countEntryReason } from './migrations/014-count-entry-reason.ts';
import { emptyValuesFirst } from './migrations/015-empty-values-first.ts';
import { countSearch } from './migrations/016-count-search.ts';
import { entriesFirstWithinADay } from './migrations/017-entries-first-within-a-day.ts';
import { countParts } from './migrations/018-count-parts.ts';
import { auditIndex } from './migrations/019-audit-index.ts';
import { documentEffects } from './migrations/020-document-effects.ts';
import { stockPositions } from './migrations/021-stock-positions.ts';
import { valueAdjustments } from './migrations/022-value-adjustments.ts';
import { establishments } from './migrations/023-establishments.ts';
import { stockLocations } from './migrations/024-stock-locations.ts';
import { countLocations } from './migrations/025-count-locations.ts';
import { documentBatches } from './migrations/026-document-batches.ts';
import { establishmentCityCode } from './migrations/027-establishment-city-code.ts';
import { countScopeSize } from './migrations/028-count-scope-size.ts';
import { supplierLeadTime } from './migrations/029-supplier-lead-time.ts';
import { monthEndValues } from './migrations/030-month-end-values.ts';
import { figuresPlannedPerStatement } from './migrations/031-figures-planned-per-statement.ts';
import { stockDateTotals } from './migrations/032-stock-date-totals.ts';

function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '001-foundation': foundation(dialect),
    '002-catalog-and-stock': catalogAndStock(dialect),
    '003-search-indexes': searchIndexes(dialect),
    '004-movement-dedupe': movementDedupe(),
    '005-auth-hardening': authHardening(dialect),
    '006-dashboard-indexes': dashboardIndexes(),
    '007-posting-pipeline': postingPipeline(dialect),
    '008-sort-keys': sortKeys(dialect),
    '009-fiscal-fields': fiscalFields(),
    '010-reference-data': referenceData(dialect),
    '011-nfe-receipts': nfeReceipts(dialect),
    '012-inventory-counts': inventoryCounts(dialect),
    '013-list-figures': listFigures(dialect),
    '014-count-entry-reason': countEntryReason(dialect),
    '015-empty-values-first': emptyValuesFirst(dialect),
    '016-count-search': countSearch(),
    '017-entries-first-within-a-day': entriesFirstWithinADay(),
    '018-count-parts': countParts(dialect),
    '019-audit-index': auditIndex(),
    '020-document-effects': documentEffects(),
    '021-stock-positions': stockPositions(dialect),
    '022-value-adjustments': valueAdjustments(dialect),
    '023-establishments': establishments(dialect),
    '024-stock-locations': stockLocations(dialect),
    '025-count-locations': countLocations(dialect),
    '026-document-batches': documentBatches(dialect),
    '027-establishment-city-code': establishmentCityCode(),
    '028-count-scope-size': countScopeSize(),
    '029-supplier-lead-time': supplierLeadTime(),
    '030-month-end-values': monthEndValues(dialect),
    '031-figures-planned-per-statement': figuresPlannedPerStatement(dialect),
    '032-stock-date-totals': stockDateTotals(dialect),
  };
}

/** Every migration this code expects: a database missing any of them is not ready. */
export function expectedMigrationNames(dialect: Dialect): string[] {
  return Object.keys(migrationsFor(dialect)).sort();
}

/**
 * A migration may take longer than a request may wait (an index on a large ledger): on PostgreSQL its transaction
 * lifts the statement and lock timeouts (decision 0053).
 */
function untimed(migrations: Record<string, Migration>, handle: DatabaseHandle): Record<string, Migration> {
  if (handle.dialect !== 'postgres') return migrations;
  const lifted = Object.entries(migrations).map(([name, migration]): [string, Migration] => [
    name,
    {
      ...migration,
      up: async (db) => {
        await sql`set local statement_timeout = 0`.execute(db);
        await sql`set local lock_timeout = 0`.execute(db);
        await migration.up(db);
      },
    },
  ]);
  return Object.fromEntries(lifted);
}

/** Brings the schema up to date. On PostgreSQL Kysely holds an advisory lock, so instances may start together. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: async () => untimed(migrationsFor(handle.dialect), handle),
  };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Falha ao migrar o banco de dados${failed ? ` (${failed.migrationName})` : ''}`, {
      cause: error,
    });
  }
}

/** Brings the schema up to one migration (tests of a later migration's data move start from there). */
export async function migrateTo(handle: DatabaseHandle, name: string): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: async () => untimed(migrationsFor(handle.dialect), handle),
  };
  const { error } = await new Migrator({ db: handle.db, provider }).migrateTo(name);
  if (error) throw new Error(`Falha ao migrar o banco de dados até ${name}`, { cause: error });
}
