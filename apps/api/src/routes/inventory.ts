import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZInventory, ZInventoryBookQuery, ZInventoryQuery, ZSpedQuery } from '@armazem/contracts/inventory';
import type { InventoryFile } from '../domain/inventory/inventory-service.ts';
import type { FastifyReply } from 'fastify';
import { refusals } from './error-responses.ts';
import { contentDisposition } from '../lib/content-disposition.ts';

const tags = ['inventário'];

function sendFile(reply: FastifyReply, file: InventoryFile) {
  return reply
    .type(file.contentType)
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('Cache-Control', 'no-store')
    .send(file.bytes as never);
}

/** The inventory at a date, the Registro de Inventário (modelo 7) and the SPED EFD Bloco H file. */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { inventory } = app;

  app.get(
    '/',
    { schema: { tags, querystring: ZInventoryQuery, response: { 200: ZInventory, ...refusals(400) } } },
    async (request) => inventory.show(request.query.date, request.query),
  );

  app.get(
    '/book',
    { schema: { tags, querystring: ZInventoryBookQuery, response: refusals(400) } },
    async (request, reply) =>
      sendFile(reply, await inventory.book(request.query.date, request.query.format, request.query)),
  );

  app.get(
    '/sped',
    { schema: { tags, querystring: ZSpedQuery, response: refusals(400, 422) } },
    async (request, reply) =>
      sendFile(reply, await inventory.sped(request.query.date, request.query, request.query)),
  );
};
