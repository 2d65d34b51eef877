import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZUserIdParams } from '@armazem/contracts/auth';
import { ZDefaultLocation, ZSetDefaultLocation } from '@armazem/contracts/places';
import { requireAdmin } from '../plugins/auth.ts';
import { currentUser } from '../plugins/context.ts';
import { errors } from './error-responses.ts';

const tags = ['estabelecimentos'];

/** A user's default location: one's own (anyone), or anyone's (admins). */
export const userLocationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { userLocations } = app;

  app.get('/default', { schema: { tags, response: { 200: ZDefaultLocation } } }, (request) =>
    userLocations.defaultOf(currentUser(request).id),
  );

  app.put(
    '/default',
    {
      schema: {
        tags,
        body: ZSetDefaultLocation,
        response: { 200: ZDefaultLocation, ...errors(400, 404, 409) },
      },
    },
    (request) => {
      const { id } = currentUser(request);
      return userLocations.setDefault(id, id, request.body.locationId);
    },
  );

  app.put(
    '/default/:userId',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        params: ZUserIdParams,
        body: ZSetDefaultLocation,
        response: { 200: ZDefaultLocation, ...errors(400, 403, 404, 409) },
      },
    },
    (request) =>
      userLocations.setDefault(currentUser(request).id, request.params.userId, request.body.locationId),
  );
};
