import type { TCatalogImportResult, TCatalogPreview } from '@armazem/contracts/catalog-import';
import { allowLongStatements } from '../../db/timeouts.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { audit, auditRow } from '../../lib/audit.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { sortKey } from '../../lib/text.ts';
import type { UploadedSheet } from '../movements/movements-service.ts';
import { text } from '../../lib/uploads/sheet-cells.ts';
import { readSheetOf, type RawRow } from '../../lib/uploads/sheet-reader.ts';
import { DEFAULT_BATCH_CODE } from '../shared/catalog-rules.ts';
import { productSearchColumns } from '../products/products-public-service.ts';
import { unityBatchId } from '../reference/reference-public-service.ts';
import { CATALOG_COLUMNS, type CatalogColumn } from './catalog-columns.ts';
import { JSON_BATCH } from '../../db/json-rows.ts';
import { chunks } from '../../lib/chunks.ts';
import { betweenChunks } from '../../lib/memory-release.ts';
import {
  findCatalogLookups,
  insertAuditRows,
  insertCategories,
  insertPackages,
  insertPrices,
  insertProducts,
  lockCatalogImports,
  updatePackageBarcodes,
  updateProducts,
} from './catalog-import-repository.ts';
import {
  catalogTally,
  emptyCatalogMessage,
  invalidCatalogMessage,
  type CatalogPlan,
  type CheckedCatalogRow,
} from './catalog-import-rules.ts';
import { catalogChecker } from './catalog-row-rules.ts';
import { catalogExport, type CatalogExportQuery } from './catalog-export.ts';
import type { PermissionsService } from '../permissions/permissions-service.ts';

// exceljs weighs ~30 MB: loaded on the first template call, not at start-up
const templates = () => import('./catalog-template.ts');

/** The SKUs and barcodes the rows name, once each, as the catalog stores them. */
function named(rows: readonly RawRow<CatalogColumn>[]) {
  const skus = new Set<string>();
  const barcodes = new Set<string>();
  for (const { values } of rows) {
    const sku = text(values.sku)?.toUpperCase();
    if (sku) skus.add(sku);
    for (const code of [text(values.barcode), text(values.packageBarcode)]) if (code) barcodes.add(code);
  }
  return { skus: [...skus], barcodes: [...barcodes] };
}

/**
 * Rows checked per chunk: what a chunk names is read, checked and (on import) written before the next, so a 50,000-row
 * sheet's lookups and plans are never all in memory at once (issue 11's 250 MB).
 */
const CHECK_CHUNK = 5_000;

/** The sheet checked a chunk at a time, each chunk against the catalog as the transaction sees it then. */
async function* checkInChunks(
  db: Db | Tx,
  sheet: { rows: RawRow<CatalogColumn>[]; columns: CatalogColumn[] },
  today: string,
): AsyncGenerator<CheckedCatalogRow[]> {
  const checkPart = catalogChecker(sheet.rows, sheet.columns);
  for (const [index, part] of chunks(sheet.rows, CHECK_CHUNK).entries()) {
    if (index > 0) await betweenChunks(); // what the previous chunk left behind; a short sheet never pauses
    yield checkPart(part, await findCatalogLookups(db, named(part), today));
  }
}

type Importer = { id: number; role: 'admin' | 'operator' };
type CatalogDeps = ServiceDeps & { permissions: Pick<PermissionsService, 'assert'> };

/**
 * The categories the plans name that do not exist yet, created once each (first spelling wins), when the importer may
 * create them (DESIGN.md §6.7: a sheet creates no more than its importer could directly).
 */
async function createCategories(tx: Tx, deps: CatalogDeps, user: Importer, plans: CatalogPlan[]) {
  const { dialect } = deps;
  const userId = user.id;
  const wanted = new Map<string, string>();
  for (const { state } of plans)
    if (state.categoryId === null && !wanted.has(sortKey(state.categoryName)))
      wanted.set(sortKey(state.categoryName), state.categoryName);
  if (wanted.size > 0)
    await deps.permissions.assert(
      user.role,
      'reference.create',
      `criar categorias (${[...wanted.values()].slice(0, 3).join(', ')})`,
      tx,
    );
  const ids = await insertCategories(tx, [...wanted.values()]);
  await insertAuditRows(
    tx,
    dialect,
    [...ids].map(([key, id]) =>
      auditRow({
        userId,
        action: 'create',
        entity: 'category',
        entityId: id,
        after: { name: wanted.get(key) },
      }),
    ),
  );
  return (plan: CatalogPlan) => plan.state.categoryId ?? ids.get(sortKey(plan.state.categoryName)) ?? 0;
}

/** The search text and sort key of the product a plan writes (the rule every product follows). */
const searchColumns = (plan: CatalogPlan) =>
  productSearchColumns({ sku: plan.sku, name: plan.state.name, barcode: plan.state.barcode });

/** Product ids by plan: an existing product's own, or the one just inserted for its SKU. */
type IdOf = (plan: CatalogPlan) => number;

/** New products (each with its default package and empty balance) and the changed ones, a batch per statement. */
async function writeProducts(
  tx: Tx,
  dialect: Dialect,
  plans: CatalogPlan[],
  categoryOf: (plan: CatalogPlan) => number,
): Promise<IdOf> {
  const creates = plans.filter((plan) => plan.action === 'create');
  const created = await insertProducts(
    tx,
    dialect,
    creates.map((plan) => ({
      sku: plan.sku,
      name: plan.state.name,
      description: plan.state.description,
      category_id: categoryOf(plan),
      base_unity_id: plan.state.unityId,
      min_stock: plan.state.minStock.toString(),
      barcode: plan.state.barcode,
      ncm: plan.state.ncm,
      cest: plan.state.cest,
      item_type: plan.state.itemType,
      status: 'active' as const,
      ...searchColumns(plan),
    })),
    await unityBatchId(tx, DEFAULT_BATCH_CODE),
  );
  const idOf: IdOf = (plan) => plan.existing?.id ?? created.get(plan.sku) ?? 0;
  const changed = plans.filter((plan) => plan.existing && plan.productChanged);
  await updateProducts(
    tx,
    dialect,
    changed.map((plan) => {
      const { search_text, name_sort } = searchColumns(plan);
      return {
        id: idOf(plan),
        ...plan.state,
        categoryId: categoryOf(plan),
        searchText: search_text,
        nameSort: name_sort,
      };
    }),
  );
  return idOf;
}

/** The product-level prices the rows set, in effect from today. */
async function writePrices(
  tx: Tx,
  dialect: Dialect,
  userId: number,
  plans: CatalogPlan[],
  idOf: IdOf,
  today: string,
) {
  await insertPrices(
    tx,
    dialect,
    plans.flatMap((plan) =>
      plan.price
        ? [
            {
              product_id: idOf(plan),
              product_unity_id: null,
              cost_price: plan.price.cost.toString(),
              sale_price: plan.price.sale.toString(),
              effective_from: today,
              created_by: userId,
            },
          ]
        : [],
    ),
  );
}

/** The new packages, then the existing packages' changed barcodes. */
async function writePackages(tx: Tx, dialect: Dialect, plans: CatalogPlan[], idOf: IdOf) {
  await insertPackages(
    tx,
    dialect,
    plans.flatMap((plan) =>
      plan.package ? [{ productId: idOf(plan), unityId: plan.state.unityId, ...plan.package }] : [],
    ),
  );
  await updatePackageBarcodes(
    tx,
    dialect,
    plans.flatMap((plan) =>
      plan.packageBarcodeOf === null
        ? []
        : [{ id: plan.packageBarcodeOf, barcode: plan.package?.barcode ?? null }],
    ),
  );
}

/** One audit row per created or updated product, with what it was and what the sheet made of it. */
async function auditProducts(tx: Tx, dialect: Dialect, userId: number, plans: CatalogPlan[], idOf: IdOf) {
  // built a batch at a time: 50,000 audit rows with their before/after never sit in memory at once
  const audited = plans.filter((plan) => plan.action !== 'unchanged');
  for (const part of chunks(audited, JSON_BATCH))
    await insertAuditRows(
      tx,
      dialect,
      part.map((plan) =>
        auditRow({
          userId,
          action: plan.action,
          entity: 'product',
          entityId: idOf(plan),
          before: plan.existing ?? undefined,
          after: {
            sku: plan.sku,
            ...plan.state,
            price: plan.price,
            package: plan.package,
            source: 'catalog_sheet',
          },
        }),
      ),
    );
}

/** The import's writes, in order and set-based, inside the caller's transaction. */
async function write(tx: Tx, deps: CatalogDeps, user: Importer, plans: CatalogPlan[], today: string) {
  const { dialect } = deps;
  const userId = user.id;
  const categoryOf = await createCategories(tx, deps, user, plans);
  const idOf = await writeProducts(tx, dialect, plans, categoryOf);
  await writePrices(tx, dialect, userId, plans, idOf, today);
  await writePackages(tx, dialect, plans, idOf);
  await auditProducts(tx, dialect, userId, plans, idOf);
}

/**
 * All or nothing, in one pass over the sheet inside one transaction: each chunk is checked, then written while every
 * row so far is valid. From the first invalid row on, nothing more is written, the rest of the sheet is only checked,
 * and the whole sheet is refused with every row's errors (the transaction undoes the chunks already written). Holding
 * every plan at once cost ~150 MB; checking the sheet twice (once to refuse, once to write) cost ~3 s of 50,000 rows.
 * A chunk sees what the earlier ones wrote, which changes no row's verdict (a category created once is found by the
 * next chunks, a SKU repeated in the sheet is told by the checker, which sees the whole sheet).
 */
async function importSheet(
  deps: CatalogDeps,
  user: Importer,
  sheet: UploadedSheet,
): Promise<TCatalogImportResult> {
  const { db, dialect, clock, events } = deps;
  const userId = user.id;
  const raw = await readSheetOf(sheet.bytes, CATALOG_COLUMNS);
  if (raw.rows.length === 0) throw new AppError('UNPROCESSABLE', emptyCatalogMessage);
  const today = clock.today();
  const imported = await db.transaction().execute(async (tx) => {
    await allowLongStatements(tx, dialect);
    await lockCatalogImports(tx, dialect);
    const refuse = (tally: ReturnType<typeof catalogTally>) => {
      const { rows, summary } = tally.preview(sheet.fileName);
      return new AppError('UNPROCESSABLE', invalidCatalogMessage(summary.invalid), {
        details: { rows, summary },
      });
    };
    const written = catalogTally('invalid');
    let refused = false;
    for await (const part of checkInChunks(tx, raw, today)) {
      written.add(part);
      const plans = part.flatMap((row) => (row.plan ? [row.plan] : []));
      refused ||= plans.length < part.length;
      if (!refused) await write(tx, deps, user, plans, today);
    }
    if (refused) throw refuse(written);
    const { summary } = written.preview(sheet.fileName);
    const result = { created: summary.create, updated: summary.update, unchanged: summary.unchanged };
    await audit(tx, {
      userId,
      action: 'import',
      entity: 'catalog_sheet',
      entityId: null,
      after: { fileName: sheet.fileName, ...result, newCategories: summary.newCategories },
    });
    return result;
  });
  events.publish('products');
  return imported;
}

/** The catalog sheet: its template, a preview that stores nothing, the all-or-nothing import and the export. */
export function createCatalogImportService(deps: CatalogDeps) {
  return {
    template: async () => (await templates()).buildCatalogTemplate(),

    async preview(sheet: UploadedSheet): Promise<TCatalogPreview> {
      const raw = await readSheetOf(sheet.bytes, CATALOG_COLUMNS);
      const tally = catalogTally('all');
      for await (const part of checkInChunks(deps.db, raw, deps.clock.today())) tally.add(part);
      return tally.preview(sheet.fileName);
    },

    import: (user: Importer, sheet: UploadedSheet) => importSheet(deps, user, sheet),

    exportRows: (query: CatalogExportQuery) =>
      catalogExport(deps.db, deps.dialect, query, deps.clock.today()),
  };
}

export type CatalogImportService = ReturnType<typeof createCatalogImportService>;
