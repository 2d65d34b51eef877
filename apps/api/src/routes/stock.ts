import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ZId, ZPaged } from '@armazem/contracts/common';
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
import { ZCancelEntry, ZIntegrityReport } from '@armazem/contracts/stock-history';
import { pagedRows, sendExport } from '../lib/exports.ts';
import { paged } from '../lib/paging.ts';
import { ENTRY_COLUMNS, EXIT_COLUMNS, STOCK_COLUMNS } from './list-exports.ts';
import { permitted, requireAdmin } from '../plugins/auth.ts';
import { currentUser } from '../plugins/context.ts';
import { MOVEMENT_REFUSALS, PERMISSION_REFUSAL, errors } from './error-responses.ts';

const tags = ['estoque'];
const ZEntryParams = z.object({ entryId: ZId });

export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { stock } = app;

  app.get(
    '/v1',
    { schema: { tags, querystring: ZStockQuery, response: { 200: ZStockPage, ...errors(400) } } },
    async (request, reply) => {
      const { query } = request;
      if (query.format) {
        const rows = pagedRows((page, pageSize) => stock.listStock({ ...query, page, pageSize }));
        const name = query.date ? `estoque-em-${query.date}` : 'estoque';
        return sendExport(reply, query.format, { name, sheetName: 'Estoque', columns: STOCK_COLUMNS, rows });
      }
      const { data, total, totals } = await stock.listStock(request.query);
      return { ...paged(data, total, request.query.page, request.query.pageSize), totals };
    },
  );

  app.get('/v1/summary', { schema: { tags, response: { 200: ZStockSummary } } }, () => stock.summary());

  app.get('/v1/below-minimum', { schema: { tags, response: { 200: ZBelowMinimumList } } }, () =>
    stock.belowMinimum(),
  );

  app.get(
    '/v1/integrity',
    { preHandler: requireAdmin, schema: { tags, response: { 200: ZIntegrityReport, ...errors(403) } } },
    () => stock.integrity(),
  );

  for (const direction of ['in', 'out'] as const) {
    app.get(
      `/${direction}/v1`,
      {
        schema: {
          tags,
          querystring: ZLedgerQuery,
          response: { 200: ZPaged(ZLedgerEntry), ...errors(400) },
        },
      },
      async (request, reply) => {
        const { query } = request;
        if (query.format) {
          const rows = pagedRows((page, pageSize) =>
            stock.listLedger(direction, { ...query, page, pageSize }),
          );
          return sendExport(reply, query.format, {
            name: direction === 'in' ? 'entradas' : 'saidas',
            sheetName: direction === 'in' ? 'Entradas' : 'Saídas',
            columns: direction === 'in' ? ENTRY_COLUMNS : EXIT_COLUMNS,
            rows,
          });
        }
        const { data, total } = await stock.listLedger(direction, request.query);
        return paged(data, total, request.query.page, request.query.pageSize);
      },
    );

    app.post(
      `/${direction}/v1/:entryId/cancel`,
      {
        schema: {
          tags,
          params: ZEntryParams,
          body: ZCancelEntry,
          response: { 200: ZLedgerEntry, ...MOVEMENT_REFUSALS, ...PERMISSION_REFUSAL },
        },
        preHandler: permitted('movement.cancel'),
      },
      (request) =>
        stock.cancelEntry(currentUser(request).id, direction, request.params.entryId, request.body.reason),
    );
  }

  app.post(
    '/in/v1',
    { schema: { tags, body: ZNewStockIn, response: { 201: ZLedgerEntry, ...MOVEMENT_REFUSALS } } },
    async (request, reply) =>
      reply.status(201).send(await stock.recordEntry(currentUser(request), request.body)),
  );

  app.post(
    '/out/v1',
    { schema: { tags, body: ZNewStockOut, response: { 201: ZLedgerEntry, ...MOVEMENT_REFUSALS } } },
    async (request, reply) =>
      reply.status(201).send(await stock.recordExit(currentUser(request), request.body)),
  );
};
