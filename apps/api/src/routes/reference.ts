import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCategoryList, ZUnityBatchList, ZUnityList } from '@armazem/contracts/reference';

const tags = ['cadastros básicos'];

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reference } = app;

  app.get('/categories/v1', { schema: { tags, response: { 200: ZCategoryList } } }, () =>
    reference.categories(),
  );
  app.get('/unities/v1', { schema: { tags, response: { 200: ZUnityList } } }, () => reference.unities());
  app.get('/unity-batches/v1', { schema: { tags, response: { 200: ZUnityBatchList } } }, () =>
    reference.unityBatches(),
  );
};
