import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPaged } from '@armazem/contracts/common';
import {
  ZBelowMinimumList,
  ZLedgerEntry,
  ZLedgerQuery,
  ZNewStockIn,
  ZNewStockOut,
  ZStockPage,
  ZStockQuery,
  ZStockSummary,
} from '@armazem/contracts/stock';
import { recordMovement } from '../domain/stock/stock-service.ts';
import {
  belowMinimumList,
  findLedgerEntry,
  listLedger,
  listStock,
  stockSummary,
} from '../domain/stock/stock-repository.ts';
import { todayIn } from '../lib/dates.ts';
import { paged } from '../lib/paging.ts';
import { currentUser } from '../plugins/context.ts';

const tags = ['estoque'];

export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => todayIn(app.config.timeZone);

  app.get(
    '/v1',
    { schema: { tags, querystring: ZStockQuery, response: { 200: ZStockPage } } },
    async (request) => {
      const { data, total, totals } = await listStock(app.db, app.dialect, request.query);
      return { ...paged(data, total, request.query.page, request.query.pageSize), totals };
    },
  );

  app.get('/v1/summary', { schema: { tags, response: { 200: ZStockSummary } } }, () => stockSummary(app.db));

  app.get('/v1/below-minimum', { schema: { tags, response: { 200: ZBelowMinimumList } } }, () =>
    belowMinimumList(app.db, 100),
  );

  for (const direction of ['in', 'out'] as const) {
    app.get(
      `/${direction}/v1`,
      { schema: { tags, querystring: ZLedgerQuery, response: { 200: ZPaged(ZLedgerEntry) } } },
      async (request) => {
        const { data, total } = await listLedger(app.db, direction, request.query);
        return paged(data, total, request.query.page, request.query.pageSize);
      },
    );
  }

  app.post(
    '/in/v1',
    { schema: { tags, body: ZNewStockIn, response: { 201: ZLedgerEntry } } },
    async (request, reply) => {
      const id = await recordMovement(
        app.db,
        app.dialect,
        currentUser(request).id,
        { direction: 'in', ...request.body },
        today(),
      );
      return reply.status(201).send(await findLedgerEntry(app.db, id));
    },
  );

  app.post(
    '/out/v1',
    { schema: { tags, body: ZNewStockOut, response: { 201: ZLedgerEntry } } },
    async (request, reply) => {
      const id = await recordMovement(
        app.db,
        app.dialect,
        currentUser(request).id,
        { direction: 'out', ...request.body },
        today(),
      );
      return reply.status(201).send(await findLedgerEntry(app.db, id));
    },
  );
};
