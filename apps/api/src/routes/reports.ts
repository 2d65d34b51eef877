import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAbc,
  ZAbcQuery,
  ZCoverage,
  ZCoverageQuery,
  ZDeadStock,
  ZDeadStockQuery,
  ZReorder,
  ZReorderQuery,
  ZStockValue,
  ZStockValueQuery,
} from '@armazem/contracts/reports';
import { sendExport } from '../lib/exports.ts';
import { refusals } from './error-responses.ts';
import {
  ABC_COLUMNS,
  COVERAGE_COLUMNS,
  DEAD_STOCK_COLUMNS,
  REORDER_COLUMNS,
  STOCK_VALUE_COLUMNS,
  stockValueLines,
} from './report-exports.ts';

const tags = ['relatórios'];

/** What the owner wants to see (DESIGN.md §6.6): each report as JSON, or with `format` as an xlsx or csv file. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reports } = app;

  app.get(
    '/stock-value',
    { schema: { tags, querystring: ZStockValueQuery, response: { 200: ZStockValue, ...refusals(400) } } },
    async (request, reply) => {
      const { from, to, format, ...place } = request.query;
      const report = await reports.stockValue(from, to, place);
      if (!format) return report;
      return sendExport(reply, format, {
        name: 'valor-do-estoque',
        sheetName: 'Valor do estoque',
        columns: STOCK_VALUE_COLUMNS,
        rows: stockValueLines(report),
      });
    },
  );

  app.get(
    '/abc',
    { schema: { tags, querystring: ZAbcQuery, response: { 200: ZAbc, ...refusals(400) } } },
    async (request, reply) => {
      const { format, ...query } = request.query;
      if (!format) return reports.abcPage(query);
      const { rows } = await reports.abcRows(query);
      return sendExport(reply, format, {
        name: 'curva-abc',
        sheetName: 'Curva ABC',
        columns: ABC_COLUMNS,
        rows,
      });
    },
  );

  app.get(
    '/coverage',
    { schema: { tags, querystring: ZCoverageQuery, response: { 200: ZCoverage, ...refusals(400) } } },
    async (request, reply) => {
      const { format, ...query } = request.query;
      if (!format) return reports.coveragePage(query);
      const { rows } = await reports.coverageRows(query.days, query);
      return sendExport(reply, format, {
        name: 'cobertura-e-giro',
        sheetName: 'Cobertura e giro',
        columns: COVERAGE_COLUMNS,
        rows,
      });
    },
  );

  app.get(
    '/dead-stock',
    { schema: { tags, querystring: ZDeadStockQuery, response: { 200: ZDeadStock, ...refusals(400) } } },
    async (request, reply) => {
      const { format, ...query } = request.query;
      if (!format) return reports.deadStockPage(query);
      const { rows } = await reports.deadStockRows(query.days, query);
      return sendExport(reply, format, {
        name: 'estoque-parado',
        sheetName: 'Estoque parado',
        columns: DEAD_STOCK_COLUMNS,
        rows,
      });
    },
  );

  app.get(
    '/reorder',
    { schema: { tags, querystring: ZReorderQuery, response: { 200: ZReorder, ...refusals(400) } } },
    async (request, reply) => {
      const { format, ...query } = request.query;
      if (!format) return reports.reorderPage(query);
      const { rows } = await reports.reorderRows(query);
      return sendExport(reply, format, {
        name: 'lista-de-compras',
        sheetName: 'Lista de compras',
        columns: REORDER_COLUMNS,
        rows,
      });
    },
  );
};
