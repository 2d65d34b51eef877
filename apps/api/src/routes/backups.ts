import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBackup, ZBackupList, ZBackupParams } from '@armazem/contracts/backups';
import { contentDisposition } from '../lib/content-disposition.ts';
import { requireAdmin } from '../plugins/auth.ts';
import { errors } from './error-responses.ts';

const tags = ['cópias de segurança'];

/** Backups (admins only): the list, a copy now, and a download by exact name. */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { backups } = app;
  app.addHook('onRequest', requireAdmin);

  app.get('/', { schema: { tags, response: { 200: ZBackupList, ...errors(403) } } }, () => backups.list());

  app.post(
    '/',
    { schema: { tags, response: { 201: ZBackup, ...errors(403, 409) } } },
    async (_request, reply) => reply.status(201).send(await backups.take('admin')),
  );

  app.get(
    '/:name',
    { schema: { tags, params: ZBackupParams, response: errors(400, 403, 404) } },
    async (request, reply) => {
      const file = backups.file(request.params.name);
      return (
        reply
          .type('application/vnd.sqlite3')
          .header('Content-Disposition', contentDisposition(request.params.name))
          .header('Cache-Control', 'no-store')
          // a file: Fastify streams it as it is, without the response serializer
          .send(fs.createReadStream(file) as never)
      );
    },
  );
};
