import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { createAuditService } from '../domain/audit/audit-service.ts';
import { createBackupsService } from '../domain/backups/backups-service.ts';
import type { ServiceDeps } from '../lib/service-deps.ts';
import { auditRoutes } from '../routes/audit.ts';
import { backupRoutes } from '../routes/backups.ts';
import type { AppConfig } from './context.ts';

export const BACKUP_DEFAULTS = { keep: 14, hour: 3 } as const;

/**
 * What keeps the records: the audit trail's reader (app.auditTrail) and the backups (app.backups), with the daily
 * schedule when the config asks for it (the server does, tests do not): its timer never keeps the process alive and
 * stops when the app closes.
 */
export function registerRecords(
  app: FastifyInstance,
  database: DatabaseHandle,
  config: AppConfig,
  services: ServiceDeps,
) {
  app.decorate('auditTrail', createAuditService({ ...services, timeZone: config.timeZone }));
  const settings = config.backups ?? {};
  const backups = createBackupsService({
    dialect: database.dialect,
    sqliteFile: database.file,
    dir: settings.dir ?? path.join(path.dirname(database.file ?? '.'), 'backups'),
    keep: settings.keep ?? BACKUP_DEFAULTS.keep,
    hour: settings.hour ?? BACKUP_DEFAULTS.hour,
    timeZone: config.timeZone,
    onScheduledError: (error) => app.log.error({ err: error }, 'cópia de segurança diária falhou'),
  });
  app.decorate('backups', backups);
  if (settings.schedule) app.addHook('onReady', async () => backups.startSchedule());
  app.addHook('onClose', async () => backups.stopSchedule());
}

/** Their routes, behind the session check: GET /api/audit/v1 and /api/admin/backups/v1. */
export const recordRoutes: FastifyPluginAsync = async (api) => {
  await api.register(auditRoutes, { prefix: '/audit/v1' });
  await api.register(backupRoutes, { prefix: '/admin/backups/v1' });
};
