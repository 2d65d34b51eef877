import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ZId } from '@armazem/contracts/common';
import { ZNewTransfer, ZTransfer } from '@armazem/contracts/stock';
import { ZCancelEntry } from '@armazem/contracts/stock-history';
import { currentUser } from '../plugins/context.ts';
import { MOVEMENT_REFUSALS, PERMISSION_REFUSAL } from './error-responses.ts';
import { permitted } from '../plugins/auth.ts';

const tags = ['estoque'];

/** Transfers between locations (DESIGN.md §6.3): both rows in one transaction, undone together. */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/transfers/v1',
    { schema: { tags, body: ZNewTransfer, response: { 201: ZTransfer, ...MOVEMENT_REFUSALS } } },
    async (request, reply) =>
      reply.status(201).send(await app.transfers.transfer(currentUser(request), request.body)),
  );

  app.post(
    '/transfers/v1/:transferId/cancel',
    {
      schema: {
        tags,
        params: z.object({ transferId: ZId }),
        body: ZCancelEntry,
        response: { 200: ZTransfer, ...MOVEMENT_REFUSALS, ...PERMISSION_REFUSAL },
      },
      preHandler: permitted('movement.cancel'),
    },
    (request) =>
      app.transfers.cancel(currentUser(request).id, request.params.transferId, request.body.reason),
  );
};
