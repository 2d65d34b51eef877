import type { Db } from '../db/database.ts';
import type { Dialect } from '../db/types.ts';
import type { Mailer } from '../domain/auth/mailer.ts';
import type { SessionPolicy, SessionUser } from '../domain/auth/sessions.ts';
import type { AuthService } from '../domain/auth/auth-service.ts';
import type { ClosingsService } from '../domain/closings/closings-service.ts';
import type { ProductsService } from '../domain/products/products-service.ts';
import type { ReferenceService } from '../domain/reference/reference-service.ts';
import type { HealthService } from '../domain/health/health-service.ts';
import type { SettingsService } from '../domain/settings/settings-service.ts';
import type { PermissionsService } from '../domain/permissions/permissions-service.ts';
import type { SuppliersService } from '../domain/suppliers/suppliers-service.ts';
import type { EstablishmentsService, LocationsService } from '../domain/places/places-service.ts';
import type { UsersService } from '../domain/users/users-service.ts';
import type { MovementsService } from '../domain/movements/movements-service.ts';
import type { CatalogImportService } from '../domain/catalog-import/catalog-import-service.ts';
import type { StockService } from '../domain/stock/stock-service.ts';
import type { TransfersService } from '../domain/stock/transfers-service.ts';
import type { UserLocationsService } from '../domain/places/user-locations.ts';
import type { Clock } from '../lib/dates.ts';
import type { EventBus } from '../lib/events.ts';
import type { NfeService } from '../domain/nfe/nfe-service.ts';
import type { DocumentBatchService } from '../domain/documents/document-batches-service.ts';
import type { CountsService } from '../domain/counts/counts-service.ts';
import type { InventoryService } from '../domain/inventory/inventory-service.ts';
import type { ReportsService } from '../domain/reports/reports-service.ts';
import type { AuditService } from '../domain/audit/audit-service.ts';
import type { BackupsService } from '../domain/backups/backups-service.ts';

export interface AppConfig {
  sessions: SessionPolicy;
  loginRateLimit: number;
  publicUrl: string;
  allowedOrigins: string[];
  timeZone: string;
  /** Backups of a SQLite database (defaults: DATA_DIR/backups, 14 kept, 3 h; no schedule unless asked). */
  backups?: { dir?: string; keep?: number; hour?: number; schedule?: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: Dialect;
    config: AppConfig;
    mailer: Mailer;
    clock: Clock;
    stock: StockService;
    transfers: TransfersService;
    closings: ClosingsService;
    products: ProductsService;
    reference: ReferenceService;
    auth: AuthService;
    users: UsersService;
    suppliers: SuppliersService;
    establishments: EstablishmentsService;
    locations: LocationsService;
    userLocations: UserLocationsService;
    settings: SettingsService;
    permissions: PermissionsService;
    health: HealthService;
    movements: MovementsService;
    catalogImport: CatalogImportService;
    nfe: NfeService;
    documentBatches: DocumentBatchService;
    counts: CountsService;
    inventory: InventoryService;
    reports: ReportsService;
    auditTrail: AuditService;
    backups: BackupsService;
    events: EventBus;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** The signed-in user of a route that runs behind requireAuth. */
export function currentUser(request: { user: SessionUser | null }): SessionUser {
  if (!request.user) throw new Error('currentUser() called on a route without requireAuth');
  return request.user;
}
