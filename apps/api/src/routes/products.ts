import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZNewPrice,
  ZNewProduct,
  ZNewProductUnity,
  ZPrice,
  ZProduct,
  ZProductDetail,
  ZProductListQuery,
  ZProductLookup,
  ZProductLookupQuery,
  ZProductParams,
  ZProductSelect,
  ZProductUnity,
  ZProductUnityParams,
  ZProductUnitySelect,
  ZUpdateProduct,
  ZUpdateProductUnity,
} from '@armazem/contracts/catalog';
import { ZPaged, zText, zInt } from '@armazem/contracts/common';
import { z as zm } from 'zod/mini';
import {
  findProduct,
  findProductByCode,
  listLinkedSuppliers,
  listPrices,
  listProducts,
  listProductUnities,
  stockSummary,
} from '../domain/catalog/products-repository.ts';
import {
  addPrice,
  addProductUnity,
  createProduct,
  deleteProduct,
  deleteProductUnity,
  productNotFound,
  updateProduct,
  updateProductUnity,
} from '../domain/catalog/products-service.ts';
import { todayIn } from '../lib/dates.ts';
import { productMatchesAllWords } from '../lib/text.ts';
import { paged } from '../lib/paging.ts';
import { currentUser } from '../plugins/context.ts';

const tags = ['produtos'];
const ZSelectQuery = zm.object({
  q: zm.optional(zText(200)),
  limit: zm.optional(zInt('Limite inválido: use de 1 a 1000.', 1, 1000)),
});

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => todayIn(app.config.timeZone);

  async function productOrThrow(productId: number) {
    const product = await findProduct(app.db, productId, today());
    if (!product) throw productNotFound();
    return product;
  }

  app.get(
    '/',
    { schema: { tags, querystring: ZProductListQuery, response: { 200: ZPaged(ZProduct) } } },
    async (request) => {
      const { data, total } = await listProducts(app.db, app.dialect, request.query, today());
      return paged(data, total, request.query.page, request.query.pageSize);
    },
  );

  app.get(
    '/select',
    { schema: { tags, querystring: ZSelectQuery, response: { 200: ZProductSelect } } },
    async (request) => {
      let query = app.db
        .selectFrom('products as p')
        .select(['p.id', 'p.sku', 'p.name'])
        .where('p.status', '=', 'active');
      for (const condition of productMatchesAllWords(app.dialect, request.query.q))
        query = query.where(condition);
      if (request.query.limit) query = query.limit(request.query.limit);
      return query.orderBy('p.name').orderBy('p.id').execute();
    },
  );

  app.get(
    '/lookup',
    { schema: { tags, querystring: ZProductLookupQuery, response: { 200: ZProductLookup } } },
    async (request) => ({ match: await findProductByCode(app.db, request.query.code) }),
  );

  app.get(
    '/:productId',
    { schema: { tags, params: ZProductParams, response: { 200: ZProductDetail } } },
    async (request) => {
      const { productId } = request.params;
      const product = await productOrThrow(productId);
      const unities = await listProductUnities(app.db, productId);
      const [prices, suppliers, stock] = await Promise.all([
        listPrices(app.db, productId, unities),
        listLinkedSuppliers(app.db, productId),
        stockSummary(app.db, productId),
      ]);
      return { ...product, unities, prices, suppliers, stock };
    },
  );

  app.post(
    '/',
    { schema: { tags, body: ZNewProduct, response: { 201: ZProduct } } },
    async (request, reply) => {
      const id = await createProduct(app.db, currentUser(request).id, request.body);
      return reply.status(201).send(await productOrThrow(id));
    },
  );

  app.patch(
    '/:productId',
    { schema: { tags, params: ZProductParams, body: ZUpdateProduct, response: { 200: ZProduct } } },
    async (request) => {
      await updateProduct(app.db, currentUser(request).id, request.params.productId, request.body);
      return productOrThrow(request.params.productId);
    },
  );

  app.delete(
    '/:productId',
    { schema: { tags, params: ZProductParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteProduct(app.db, currentUser(request).id, request.params.productId);
      return reply.status(204).send(null);
    },
  );

  // ----- product unities (packages) -----

  const unityById = async (productId: number, unityId: number) => {
    const unities = await listProductUnities(app.db, productId);
    const unity = unities.find((item) => item.id === unityId);
    if (!unity) throw productNotFound();
    return unity;
  };

  app.post(
    '/:productId/unity/v1',
    { schema: { tags, params: ZProductParams, body: ZNewProductUnity, response: { 201: ZProductUnity } } },
    async (request, reply) => {
      const { productId } = request.params;
      const id = await addProductUnity(app.db, currentUser(request).id, productId, request.body);
      return reply.status(201).send(await unityById(productId, id));
    },
  );

  app.patch(
    '/:productId/unity/v1/:unityId',
    {
      schema: {
        tags,
        params: ZProductUnityParams,
        body: ZUpdateProductUnity,
        response: { 200: ZProductUnity },
      },
    },
    async (request) => {
      const { productId, unityId } = request.params;
      await updateProductUnity(app.db, currentUser(request).id, productId, unityId, request.body);
      return unityById(productId, unityId);
    },
  );

  app.delete(
    '/:productId/unity/v1/:unityId',
    { schema: { tags, params: ZProductUnityParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { productId, unityId } = request.params;
      await deleteProductUnity(app.db, currentUser(request).id, productId, unityId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:productId/unity/v1/select',
    { schema: { tags, params: ZProductParams, response: { 200: ZProductUnitySelect } } },
    async (request) => {
      await productOrThrow(request.params.productId);
      const unities = await listProductUnities(app.db, request.params.productId, true);
      return unities.map(({ id, label, quantity, unity, unityBatch, isDefault }) => ({
        id,
        label,
        quantity,
        unity,
        unityBatch,
        isDefault,
      }));
    },
  );

  // ----- prices -----

  app.post(
    '/:productId/price/v1',
    { schema: { tags, params: ZProductParams, body: ZNewPrice, response: { 201: ZPrice } } },
    async (request, reply) => {
      const { productId } = request.params;
      const id = await addPrice(app.db, currentUser(request).id, productId, request.body, today());
      const prices = await listPrices(app.db, productId, await listProductUnities(app.db, productId));
      const price = prices.find((item) => item.id === id);
      if (!price) throw productNotFound();
      return reply.status(201).send(price);
    },
  );
};
