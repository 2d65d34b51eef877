import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSettings, ZUpdateSettingsRequest } from '@armazem/contracts/settings';
import { ZPermissions, ZUpdatePermissions } from '@armazem/contracts/permissions';
import { requireAdmin } from '../plugins/auth.ts';
import { currentUser } from '../plugins/context.ts';
import { errors } from './error-responses.ts';

const tags = ['configurações'];

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings, permissions } = app;

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

  // every signed-in user reads them: the screens hide what an operator may not do (DESIGN.md §6.7)
  app.get('/permissions', { schema: { tags, response: { 200: ZPermissions } } }, () => permissions.read());

  app.put(
    '/permissions',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        body: ZUpdatePermissions,
        response: { 200: ZPermissions, ...errors(400, 403) },
      },
    },
    (request) => permissions.update(currentUser(request).id, request.body),
  );
};
