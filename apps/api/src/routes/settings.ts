import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSettings, ZUpdateSettingsRequest } from '@armazem/contracts/settings';
import { readSettings } from '../domain/settings/settings-repository.ts';
import { audit } from '../lib/audit.ts';
import { requireAdmin } from '../plugins/auth.ts';
import { currentUser } from '../plugins/context.ts';

const tags = ['configurações'];

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { tags, response: { 200: ZSettings } } }, () =>
    readSettings(app.db, app.config.timeZone),
  );

  app.put(
    '/',
    {
      preHandler: requireAdmin,
      schema: { tags, body: ZUpdateSettingsRequest, response: { 200: ZSettings } },
    },
    async (request) => {
      const before = await readSettings(app.db, app.config.timeZone);
      await app.db.transaction().execute(async (tx) => {
        for (const [key, value] of Object.entries(request.body)) {
          await tx.updateTable('settings').set({ value }).where('key', '=', key).execute();
        }
        await audit(tx, {
          userId: currentUser(request).id,
          action: 'update',
          entity: 'settings',
          entityId: null,
          before,
          after: request.body,
        });
      });
      return readSettings(app.db, app.config.timeZone);
    },
  );
};
