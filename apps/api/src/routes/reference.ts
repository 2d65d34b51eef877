import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCategoryList, ZUnityBatchList, ZUnityList } from '@armazem/contracts/reference';

const tags = ['cadastros básicos'];

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/categories/v1', { schema: { tags, response: { 200: ZCategoryList } } }, () =>
    app.db.selectFrom('categories').select(['id', 'name']).orderBy('name').execute(),
  );
  app.get('/unities/v1', { schema: { tags, response: { 200: ZUnityList } } }, async () => {
    const rows = await app.db
      .selectFrom('unities')
      .select(['id', 'code', 'name', 'fractional'])
      .orderBy('code')
      .execute();
    return rows.map((row) => ({ ...row, fractional: row.fractional === 1 }));
  });
  app.get('/unity-batches/v1', { schema: { tags, response: { 200: ZUnityBatchList } } }, () =>
    app.db.selectFrom('unity_batches').select(['id', 'code', 'name']).orderBy('name').execute(),
  );
};
