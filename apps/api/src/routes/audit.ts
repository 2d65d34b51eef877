import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditEntry, ZAuditQuery } from '@armazem/contracts/audit';
import { ZPaged } from '@armazem/contracts/common';
import { pagedRows, sendExport } from '../lib/exports.ts';
import { paged } from '../lib/paging.ts';
import { currentUser } from '../plugins/context.ts';
import { AUDIT_COLUMNS } from './audit-export.ts';
import { errors } from './error-responses.ts';

const tags = ['auditoria'];

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auditTrail: audit } = app;

  app.get(
    '/',
    {
      schema: { tags, querystring: ZAuditQuery, response: { 200: ZPaged(ZAuditEntry), ...errors(400, 403) } },
    },
    async (request, reply) => {
      const { query } = request;
      const viewer = currentUser(request);
      if (query.format) {
        const rows = pagedRows((page, pageSize) => audit.list(viewer, { ...query, page, pageSize }));
        return sendExport(reply, query.format, { name: 'auditoria', columns: AUDIT_COLUMNS, rows });
      }
      const { data, total } = await audit.list(viewer, query);
      return paged(data, total, query.page, query.pageSize);
    },
  );
};
