import type { MigrationDb } from '../schema-helpers.ts';

/**
 * The complete EFD file (DESIGN.md §6.5, decision 0073): an establishment's address names its municipality's IBGE
 * code (7 digits), the COD_MUN of the 0000 record. Empty until someone fills it in: the file says what is missing.
 */
export function establishmentCityCode() {
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable('establishments').addColumn('city_code', 'varchar(7)').execute();
    },
  };
}
