import type { MigrationDb } from '../schema-helpers.ts';

/**
 * The audit list (GET /api/audit/v1) reads newest first, by record, by user or by dates: one index per filter, each
 * ending in the id, so a page is a walk down an index, not a sort of the whole trail. The record index replaces the
 * first release's (entity, entity_id), which it covers.
 */
export function auditIndex() {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createIndex('audit_log_record_idx')
        .on('audit_log')
        .columns(['entity', 'entity_id', 'id'])
        .execute();
      await db.schema.dropIndex('audit_entity_idx').execute();
      await db.schema.createIndex('audit_log_user_idx').on('audit_log').columns(['user_id', 'id']).execute();
      await db.schema
        .createIndex('audit_log_created_idx')
        .on('audit_log')
        .columns(['created_at', 'id'])
        .execute();
    },
  };
}
