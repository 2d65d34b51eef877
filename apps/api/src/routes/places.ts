import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZEstablishment,
  ZEstablishmentList,
  ZEstablishmentParams,
  ZLocation,
  ZLocationList,
  ZLocationParams,
  ZLocationQuery,
  ZNewEstablishment,
  ZNewLocation,
  ZUpdateEstablishment,
  ZUpdateLocation,
} from '@armazem/contracts/places';
import { permitted, requireAdmin } from '../plugins/auth.ts';
import { currentUser } from '../plugins/context.ts';
import { errors, PERMISSION_REFUSAL } from './error-responses.ts';

/**
 * Establishments (matriz and filiais) and their stock locations (DESIGN.md §6.3): read by all; establishments kept by
 * admins, locations by whoever has 'locations.manage' (§6.7).
 */

const tags = ['estabelecimentos'];

export const establishmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { establishments } = app;

  app.get('/', { schema: { tags, response: { 200: ZEstablishmentList } } }, () =>
    establishments.establishments(),
  );

  app.get(
    '/:establishmentId',
    {
      schema: { tags, params: ZEstablishmentParams, response: { 200: ZEstablishment, ...errors(400, 404) } },
    },
    (request) => establishments.establishment(request.params.establishmentId),
  );

  app.post(
    '/',
    {
      preHandler: requireAdmin,
      schema: { tags, body: ZNewEstablishment, response: { 201: ZEstablishment, ...errors(400, 403, 409) } },
    },
    async (request, reply) =>
      reply.status(201).send(await establishments.createEstablishment(currentUser(request).id, request.body)),
  );

  app.patch(
    '/:establishmentId',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        params: ZEstablishmentParams,
        body: ZUpdateEstablishment,
        response: { 200: ZEstablishment, ...errors(400, 403, 404, 409) },
      },
    },
    (request) =>
      establishments.updateEstablishment(
        currentUser(request).id,
        request.params.establishmentId,
        request.body,
      ),
  );
};

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { locations } = app;

  app.get(
    '/',
    { schema: { tags, querystring: ZLocationQuery, response: { 200: ZLocationList, ...errors(400) } } },
    (request) => locations.locations(request.query.establishmentId),
  );

  app.get(
    '/:locationId',
    { schema: { tags, params: ZLocationParams, response: { 200: ZLocation, ...errors(400, 404) } } },
    (request) => locations.location(request.params.locationId),
  );

  app.post(
    '/',
    {
      preHandler: permitted('locations.manage'),
      schema: {
        tags,
        body: ZNewLocation,
        response: { 201: ZLocation, ...errors(400, 404, 409), ...PERMISSION_REFUSAL },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await locations.createLocation(currentUser(request).id, request.body)),
  );

  app.patch(
    '/:locationId',
    {
      preHandler: permitted('locations.manage'),
      schema: {
        tags,
        params: ZLocationParams,
        body: ZUpdateLocation,
        response: { 200: ZLocation, ...errors(400, 404, 409), ...PERMISSION_REFUSAL },
      },
    },
    (request) => locations.updateLocation(currentUser(request).id, request.params.locationId, request.body),
  );

  app.delete(
    '/:locationId',
    {
      preHandler: permitted('locations.manage'),
      schema: {
        tags,
        params: ZLocationParams,
        response: { 204: z.null(), ...errors(400, 404, 409), ...PERMISSION_REFUSAL },
      },
    },
    async (request, reply) => {
      await locations.removeLocation(currentUser(request).id, request.params.locationId);
      return reply.status(204).send(null);
    },
  );
};
