import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/database.ts';
import type { Mailer } from './domain/auth/mailer.ts';
import { createMailer, outsideGroupWrites } from './domain/auth/mailer.ts';
import { registerAuthDecorators, requireAuth } from './plugins/auth.ts';
import { declareSessionRefusal } from './routes/error-responses.ts';
import type { AppConfig } from './plugins/context.ts';
import { registerDocs } from './plugins/docs.ts';
import { clientErrorHandler, errorHandler, registerErrorHandling } from './plugins/errors.ts';
import { registerLifecycle } from './plugins/lifecycle.ts';
import { allowForcedCollection } from './lib/memory-release.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerValidation } from './plugins/validation.ts';
import { registerWeb } from './plugins/web.ts';
import { authRoutes } from './routes/auth.ts';
import { healthRoutes } from './routes/health.ts';
import { movementRoutes } from './routes/movements.ts';
import { productRoutes } from './routes/products.ts';
import { productUnityRoutes } from './routes/product-unities.ts';
import { referenceRoutes } from './routes/reference.ts';
import { settingsRoutes } from './routes/settings.ts';
import { stockRoutes } from './routes/stock.ts';
import { transferRoutes } from './routes/transfers.ts';
import { supplierRoutes } from './routes/suppliers.ts';
import { establishmentRoutes, locationRoutes } from './routes/places.ts';
import { userLocationRoutes } from './routes/user-locations.ts';
import { createUserLocationsService } from './domain/places/user-locations.ts';
import { userRoutes } from './routes/users.ts';
import { closingRoutes } from './routes/closings.ts';
import { kardexRoutes } from './routes/kardex.ts';
import { catalogImportRoutes } from './routes/catalog-import.ts';
import { nfeRoutes } from './routes/nfe.ts';
import { documentBatchRoutes } from './routes/documents.ts';
import { countRoutes } from './routes/counts.ts';
import { inventoryRoutes } from './routes/inventory.ts';
import { reportRoutes } from './routes/reports.ts';
import { createCountsService } from './domain/counts/counts-service.ts';
import { createInventoryService } from './domain/inventory/inventory-service.ts';
import { createReportsService } from './domain/reports/reports-service.ts';
import { createStockService } from './domain/stock/stock-service.ts';
import { createTransfersService } from './domain/stock/transfers-service.ts';
import { createClosingsService } from './domain/closings/closings-service.ts';
import { createProductsService } from './domain/products/products-service.ts';
import { createReferenceService } from './domain/reference/reference-service.ts';
import { createAuthService } from './domain/auth/auth-service.ts';
import { createHealthService } from './domain/health/health-service.ts';
import { createSettingsService } from './domain/settings/settings-service.ts';
import { createPermissionsService } from './domain/permissions/permissions-service.ts';
import { createSuppliersService } from './domain/suppliers/suppliers-service.ts';
import { createEstablishmentsService, createLocationsService } from './domain/places/places-service.ts';
import { createUsersService } from './domain/users/users-service.ts';
import { createMovementsService } from './domain/movements/movements-service.ts';
import { createNfeService } from './domain/nfe/nfe-service.ts';
import { createDocumentBatchService } from './domain/documents/document-batches-service.ts';
import { businessClock } from './lib/dates.ts';
import { createCatalogImportService } from './domain/catalog-import/catalog-import-service.ts';
import { recordRoutes, registerRecords } from './plugins/records.ts';
import { createEventBus } from './lib/events.ts';
import { eventRoutes } from './routes/events.ts';

export interface BuildAppOptions {
  database: DatabaseHandle;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  smtpUrl?: string;
  mailFrom?: string;
  webDist?: string;
  trustProxy?: boolean;
}

/** What every feature service is built with (ServiceDeps): the database, the business clock, the events bus. */
function serviceDeps(options: BuildAppOptions) {
  return {
    db: options.database.db,
    dialect: options.database.dialect,
    clock: businessClock(options.config.timeZone),
    events: createEventBus(options.database),
  };
}

// eslint-disable-next-line max-lines-per-function -- the one list of every service and route, read top to bottom
export async function buildApp(options: BuildAppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // Errors raised before a route is found (bad URL encoding, a path parameter too long) and at the socket (headers
    // too large, malformed HTTP) answer in the contract's format too.
    frameworkErrors: errorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  registerValidation(app);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.database.db);
  app.decorate('dialect', options.database.dialect);
  app.decorate('config', options.config);
  // Services are built once, with their dependencies, and reached from routes as app.<feature>.
  const services = serviceDeps(options);
  app.decorate('events', services.events);
  app.addHook('onClose', () => services.events.close());
  app.decorate('clock', services.clock);
  const permissions = createPermissionsService(services);
  app.decorate('permissions', permissions);
  app.decorate('stock', createStockService(services));
  app.decorate('transfers', createTransfersService(services));
  app.decorate('closings', createClosingsService(services));
  app.decorate('products', createProductsService(services));
  app.decorate('reference', createReferenceService(services));
  app.decorate('movements', createMovementsService({ ...services, timeZone: options.config.timeZone }));
  app.decorate(
    'mailer',
    outsideGroupWrites(
      options.mailer ??
        createMailer({
          smtpUrl: options.smtpUrl,
          from: options.mailFrom ?? 'Armazém <nao-responda@armazem.local>',
          logger: app.log,
        }),
    ),
  );
  app.decorate('auth', createAuthService({ ...services, mailer: app.mailer, config: options.config }));
  app.decorate('users', createUsersService(services));
  app.decorate('suppliers', createSuppliersService(services));
  app.decorate('establishments', createEstablishmentsService(services));
  app.decorate('locations', createLocationsService(services));
  app.decorate('userLocations', createUserLocationsService(services));
  app.decorate('settings', createSettingsService({ ...services, timeZone: options.config.timeZone }));
  app.decorate('health', createHealthService(services));
  app.decorate('catalogImport', createCatalogImportService({ ...services, permissions }));
  app.decorate('nfe', createNfeService({ ...services, timeZone: options.config.timeZone }));
  app.decorate(
    'documentBatches',
    createDocumentBatchService({ ...services, timeZone: options.config.timeZone }),
  );
  app.decorate('counts', createCountsService({ ...services, permissions }));
  app.decorate('inventory', createInventoryService({ ...services, timeZone: options.config.timeZone }));
  app.decorate('reports', createReportsService({ ...services, inventory: app.inventory }));
  registerRecords(app, options.database, options.config, services);
  registerErrorHandling(app);
  // Plain mode (decision 0085): no collection is forced, after uploads or between the chunks of a long job.
  allowForcedCollection(!options.database.plain);
  registerLifecycle(app, { releaseMemory: !options.database.plain });
  registerAuthDecorators(app);

  await app.register(cookie);
  await registerSecurity(app);
  // The web's files first: they are sent from their precompressed copies (plugins/web.ts), so compression, which
  // takes the routes registered after it, leaves them alone; the API's answers and its docs come after it.
  await registerWeb(app, options.webDist);
  await registerCompression(app, { oneShot: !options.database.plain });
  await registerDocs(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth/v1' });
      await api.register(async (protectedApi) => {
        protectedApi.addHook('onRequest', requireAuth);
        protectedApi.addHook('onRoute', declareSessionRefusal);
        await protectedApi.register(referenceRoutes);
        await protectedApi.register(productRoutes, { prefix: '/products/v1' });
        await protectedApi.register(productUnityRoutes, { prefix: '/products/v1' });
        await protectedApi.register(supplierRoutes, { prefix: '/suppliers/v1' });
        await protectedApi.register(establishmentRoutes, { prefix: '/establishments/v1' });
        await protectedApi.register(locationRoutes, { prefix: '/locations/v1' });
        await protectedApi.register(userLocationRoutes, { prefix: '/locations/v1' });
        await protectedApi.register(stockRoutes, { prefix: '/stock' });
        await protectedApi.register(transferRoutes, { prefix: '/stock' });
        await protectedApi.register(closingRoutes, { prefix: '/stock/closings/v1' });
        await protectedApi.register(kardexRoutes, { prefix: '/products/v1' });
        await protectedApi.register(movementRoutes, { prefix: '/stock/movement/v1' });
        await protectedApi.register(nfeRoutes, { prefix: '/stock/nfe/v1' });
        await protectedApi.register(documentBatchRoutes, { prefix: '/stock/documents/v1' });
        await protectedApi.register(userRoutes, { prefix: '/users' });
        await protectedApi.register(settingsRoutes, { prefix: '/settings/v1' });
        await protectedApi.register(catalogImportRoutes, { prefix: '/products/v1' });
        await protectedApi.register(countRoutes, { prefix: '/stock/counts/v1' });
        await protectedApi.register(inventoryRoutes, { prefix: '/stock/inventory/v1' });
        await protectedApi.register(reportRoutes, { prefix: '/reports/v1' });
        await protectedApi.register(recordRoutes);
        await protectedApi.register(eventRoutes, { prefix: '/events/v1' });
      });
    },
    { prefix: '/api' },
  );

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
