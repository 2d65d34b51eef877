import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSettings, ZUpdateSettingsRequest } from '@armazem/contracts/settings';
import { requireAdmin } from '../plugins/auth.ts';
import { currentUser } from '../plugins/context.ts';
import { errors } from './error-responses.ts';

const tags = ['configurações'];

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app;

  app.get('/', { schema: { tags, response: { 200: ZSettings } } }, () => settings.read());

  app.put(
    '/',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        body: ZUpdateSettingsRequest,
        response: { 200: ZSettings, ...errors(400, 403) },
      },
    },
    (request) => settings.update(currentUser(request).id, request.body),
  );
};
