import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZProductParams } from '@armazem/contracts/catalog';
import { ZKardex, ZKardexQuery } from '@armazem/contracts/stock-history';
import { contentDisposition } from '../lib/content-disposition.ts';
import { errors } from './error-responses.ts';
import { currentUser } from '../plugins/context.ts';

const tags = ['estoque'];

// exceljs and pdfkit load on the first file asked for, not at start-up
const files = () => import('../domain/stock/kardex-file-service.ts');

export const kardexRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:productId/kardex',
    {
      schema: {
        tags,
        params: ZProductParams,
        querystring: ZKardexQuery,
        response: { 200: ZKardex, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { format, ...range } = request.query;
      const kardex = await app.stock.kardex(request.params.productId, range);
      if (format === 'json') return kardex;
      const signature = {
        settings: await app.settings.read(),
        user: currentUser(request).name,
        at: new Date(),
      };
      const file = await (await files()).kardexFile(kardex, format, signature);
      return (
        reply
          .type(file.contentType)
          .header('Content-Disposition', contentDisposition(file.fileName))
          // a file, not the JSON shape: Fastify sends Buffers as they are, without the response serializer
          .send(file.bytes as never)
      );
    },
  );
};
