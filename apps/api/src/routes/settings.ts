import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSettings, ZUpdateSettingsRequest } from '@armazem/contracts/settings';
import { readSettings } from '../domain/settings/settings-repository.ts';
import { updateSettings } from '../domain/settings/settings-service.ts';
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
    async (request) => updateSettings(app.db, currentUser(request).id, app.config.timeZone, request.body),
  );
};
