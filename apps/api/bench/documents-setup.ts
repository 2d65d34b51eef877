// What documents.bench.ts prepares before the server starts, and the floors it compares the server with:
// - the catalog (1,000 active products, each with a GTIN) and the opening stock, bought on two NF-e of 500 items dated
//   before the month (imported through the app, as a person would), so no sale of the month finds the shelf empty;
// - the floors: the least work a preview or an import of the month needs, done in this process on the same zip —
//   unzip, parse and verify the signature of every XML (both), then write one ledger row per item in one
//   set-based statement, rolled back (the import's).
import { unzipSync } from 'fflate';
import type { App } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { readFiscalXml } from '../src/domain/nfe/nfe-reader.ts';
import { foldText } from '../src/lib/text.ts';
import { importNfe } from '../test/nfe-upload.ts';
import { cnpjFromBase } from '../../../test-support/factories.ts';
import { gtinFor, quickNfe, type MonthProduct } from '../../../test-support/fiscal-month.ts';
import { generateCatalog } from './catalog-generator.ts';
import { insertLedger, type LedgerLine } from './ledger-seed.ts';
import { BENCH_USER } from './bench-database.ts';

export interface BenchProduct extends MonthProduct {
  productId: number;
  productUnityId: number;
  gtin: string;
}

/** `count` active products with their default package and a GTIN of their own (gtinFor(index)). */
export async function catalogWithGtins(handle: DatabaseHandle, count: number): Promise<BenchProduct[]> {
  await generateCatalog(handle.db, count);
  const rows = await handle.db
    .selectFrom('products as p')
    .innerJoin('product_unities as pu', (join) =>
      join.onRef('pu.product_id', '=', 'p.id').on('pu.is_default', '=', 1),
    )
    .select(['p.id', 'p.sku', 'p.name', 'pu.id as unity'])
    .orderBy('p.id')
    .execute();
  const products = rows.map((row, i) => ({
    sku: row.sku,
    name: row.name,
    gtin: gtinFor(i + 1),
    productId: row.id,
    productUnityId: Number(row.unity),
  }));
  await handle.db.transaction().execute(async (tx) => {
    for (const product of products)
      await tx
        .updateTable('products')
        .set({
          status: 'active',
          barcode: product.gtin,
          search_text: foldText(product.sku, product.name, product.gtin),
        })
        .where('id', '=', product.productId)
        .execute();
  });
  return products;
}

/**
 * The stock the month starts with: `units(sku)` of each product, received on NF-e of 500 items from one supplier
 * dated `on`, imported through the app with every item chosen (its GTIN would match it too).
 */
export async function openingStock(
  app: App,
  cookie: string,
  products: BenchProduct[],
  units: (sku: string) => number,
  on: string,
): Promise<void> {
  const emitter = { cnpj: cnpjFromBase('600000000001'), name: 'Estoque Inicial Distribuidora Ltda' };
  for (let from = 0, note = 1; from < products.length; from += 500, note += 1) {
    const part = products.slice(from, from + 500);
    const { xml } = quickNfe({
      emitter,
      number: String(note),
      issuedAt: `${on}T09:00:00-03:00`,
      items: part.map((product, i) => ({
        code: `INI-${from + i + 1}`,
        description: product.name ?? product.sku,
        gtin: product.gtin,
        quantity: `${units(product.sku)}.0000`,
        unitPrice: '5.00',
        total: (units(product.sku) * 5).toFixed(2),
      })),
    });
    const items = part.map((product, i) => ({
      item: i + 1,
      productId: product.productId,
      productUnityId: product.productUnityId,
    }));
    const response = await importNfe(app, cookie, xml, { occurredOn: on, items });
    if (response.statusCode !== 201)
      throw new Error(`estoque inicial: ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
}

/** The units of stock of every product, in base thousandths (the ledger's scale), summed. */
export async function stockTotal(handle: DatabaseHandle): Promise<bigint> {
  const row = await handle.db
    .selectFrom('stock_balances')
    .select((eb) => eb.fn.sum<string | number>('quantity').as('total'))
    .executeTakeFirst();
  return BigInt(row?.total ?? 0);
}

export interface Floors {
  /** of which unzipping (fflate, in memory) */
  unzip: number;
  /** unzip + parse + signature check of every document, in seconds */
  parse: number;
  /** parse, then one ledger row per item written in one statement (rolled back), in seconds */
  import: number;
  /** the CPU seconds of this process for each (the database's own work on PostgreSQL not counted, as for the server) */
  parseCpu: number;
  importCpu: number;
  documents: number;
  items: number;
}

class Rollback extends Error {}

/** Both floors, measured in this process on `zip` (the same bytes the server gets). */
export async function measureFloors(handle: DatabaseHandle, zip: Uint8Array, products: BenchProduct[]) {
  const bySku = new Map(products.map((p) => [p.sku, p]));
  const cpu = process.cpuUsage();
  const cpuSeconds = () => {
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / 1e6;
  };
  const started = performance.now();
  const entries = unzipSync(zip);
  const unzip = (performance.now() - started) / 1000;
  const lines: LedgerLine[] = [];
  let documents = 0;
  for (const bytes of Object.values(entries)) {
    const read = readFiscalXml(bytes);
    if (read.kind !== 'note') continue;
    documents += 1;
    for (const item of read.doc.items) {
      const product = bySku.get(item.supplierCode) ?? products[item.item % products.length];
      if (!product) continue;
      const total = String(item.values.product);
      lines.push([
        product.productId,
        product.productUnityId,
        String(item.quantity),
        '0',
        total,
        '0',
        '0',
        read.doc.issuedOn,
      ]);
    }
  }
  const parse = (performance.now() - started) / 1000;
  const parseCpu = cpuSeconds();
  const user = await handle.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', BENCH_USER.email)
    .executeTakeFirstOrThrow();
  const writeStarted = performance.now();
  await handle.db
    .transaction()
    .execute(async (tx) => {
      await insertLedger(tx, handle.dialect, lines, user.id, new Date().toISOString());
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  const write = (performance.now() - writeStarted) / 1000;
  return {
    unzip,
    parse,
    import: parse + write,
    parseCpu,
    importCpu: cpuSeconds(),
    documents,
    items: lines.length,
  } satisfies Floors;
}
