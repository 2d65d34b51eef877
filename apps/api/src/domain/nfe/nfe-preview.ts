import type { TNfeMatch, TNfePreview, TNfePreviewItem } from '@armazem/contracts/nfe';
import { formatMoneyBR } from '@armazem/contracts/decimal';
import type { Db, Tx } from '../../db/database.ts';
import { readSettings } from '../settings/settings-repository.ts';
import type { TaxRegime } from './nfe-cost.ts';
import type { NfeDocument } from './nfe-reader.ts';
import { DEFAULT_BATCH_CODE } from '../products/products-rules.ts';
import {
  barcodeTargets,
  findSupplierByDocument,
  learnedCodes,
  packageReferences,
  standingReceiptByKey,
  takenSkus,
  unityInfos,
  type PackageReferences,
  type UnityInfo,
} from './nfe-repository.ts';
import {
  alreadyImportedMessage,
  costItems,
  destinationProblem,
  futureIssueMessage,
  itemWarnings,
  learnedKey,
  matchItem,
  moneyText,
  packageKindFor,
  proposeSku,
  quantityText,
  reconcile,
  suggestedUnitsPerPackage,
  UNAUTHORIZED_WARNING,
  type MatchTarget,
} from './nfe-rules.ts';
import { todayIn } from '../../lib/dates.ts';

/** What the business is and what the catalog already knows about a note's supplier and items. */
export interface NoteContext {
  regime: TaxRegime;
  businessDocument: string;
  supplier: { id: number; name: string; status: string } | null;
  matches: Map<number, (MatchTarget & { via: 'supplier-code' | 'gtin' }) | null>;
  unities: Map<number, UnityInfo>;
  alreadyImported: boolean;
}

export async function noteContext(db: Db | Tx, doc: NfeDocument, timeZone: string): Promise<NoteContext> {
  const settings = await readSettings(db, timeZone);
  const supplier = await findSupplierByDocument(db, doc.emitter.document);
  const learned = new Map<string, MatchTarget>();
  if (supplier) {
    const rows = await learnedCodes(
      db,
      supplier.id,
      doc.items.map((item) => item.supplierCode),
    );
    for (const row of rows) {
      learned.set(learnedKey(row.supplier_code, row.supplier_unit), {
        productId: row.product_id,
        productUnityId: row.product_unity_id,
      });
    }
  }
  const gtins = doc.items.flatMap((item) => (item.gtin ? [item.gtin] : []));
  const barcodes = gtins.length > 0 ? await barcodeTargets(db, gtins) : new Map<string, MatchTarget>();
  const matches = new Map(doc.items.map((item) => [item.item, matchItem(item, learned, barcodes)]));
  const unityIds = [...matches.values()].flatMap((m) => (m ? [m.productUnityId] : []));
  const unities = await unityInfos(db, unityIds);
  // a code learned for a product or package deactivated since matches nothing
  for (const [item, match] of matches) {
    const unity = match ? unities.get(match.productUnityId) : undefined;
    if (match && !(unity?.active && unity.productActive)) matches.set(item, null);
  }
  return {
    regime: settings.taxRegime,
    businessDocument: settings.businessDocument,
    supplier,
    matches,
    unities,
    alreadyImported: (await standingReceiptByKey(db, doc.accessKey)) !== null,
  };
}

function matchView(
  match: NoteContext['matches'] extends Map<number, infer M> ? M : never,
  unities: Map<number, UnityInfo>,
): TNfeMatch | null {
  const unity = match ? unities.get(match.productUnityId) : undefined;
  if (!match || !unity) return null;
  return {
    productId: match.productId,
    productUnityId: match.productUnityId,
    via: match.via,
    product: unity.product,
    productUnity: { id: unity.id, label: unity.label, quantity: quantityText(unity.quantity) },
  };
}

interface ItemViewInputs {
  context: NoteContext;
  costOf: ReadonlyMap<number, bigint>;
  /** SKUs the catalog already has */
  taken: ReadonlySet<string>;
  packages: PackageReferences;
}

/** One item as the preview shows it: what the note says, its cost, the proposals, its match and warnings. */
function itemView(item: NfeDocument['items'][number], inputs: ItemViewInputs): TNfePreviewItem {
  const { context, costOf, taken, packages } = inputs;
  const perPackage = suggestedUnitsPerPackage(item);
  return {
    item: item.item,
    supplierCode: item.supplierCode,
    gtin: item.gtin,
    description: item.description,
    ncm: item.ncm,
    cest: item.cest,
    cfop: item.cfop,
    unit: item.unit,
    quantity: quantityText(item.quantity),
    unitPrice: moneyText(item.unitPrice),
    totalCost: moneyText(costOf.get(item.item) ?? 0n),
    taxUnit: item.taxUnit,
    taxQuantity: item.taxQuantity === null ? null : quantityText(item.taxQuantity),
    suggestedUnitsPerPackage: perPackage === null ? null : quantityText(perPackage),
    suggestedSku: proposeSku(item.supplierCode, taken),
    newPackageKind: packageKindFor(item.unit, packages, packages.defaultBatch).name,
    lots: item.lots.map((lot) => ({ ...lot, quantity: quantityText(lot.quantity) })),
    match: matchView(context.matches.get(item.item) ?? null, context.unities),
    warnings: itemWarnings(item),
  };
}

/** The preview: nothing stored. */
export async function buildPreview(db: Db, doc: NfeDocument, timeZone: string): Promise<TNfePreview> {
  const context = await noteContext(db, doc, timeZone);
  const costs = costItems(doc, context.regime);
  const costOf = new Map(costs.map((c) => [c.item, c.cost]));
  // SKU proposals only for the items nothing matched: those are the ones a product may be created for
  const unmatched = doc.items.filter((item) => !context.matches.get(item.item));
  const taken = await takenSkus(
    db,
    unmatched.map((item) => proposeSku(item.supplierCode, new Set())),
  );
  const packages = await packageReferences(db, DEFAULT_BATCH_CODE);
  const warnings: string[] = [];
  const errors: string[] = [];
  if (!doc.authorized) warnings.push(UNAUTHORIZED_WARNING);
  const destination = destinationProblem(doc, context.businessDocument);
  if (destination) errors.push(destination);
  if (context.alreadyImported) errors.push(alreadyImportedMessage(doc.number, doc.series));
  if (doc.issuedOn > todayIn(timeZone)) errors.push(futureIssueMessage(doc.issuedOn));
  const { itemsInvoice, difference, totalCost } = reconcile(doc, costs);
  if (difference !== 0n) {
    warnings.push(`A soma dos itens difere do total da nota (vNF) em ${formatMoneyBR(difference)}.`);
  }
  return {
    accessKey: doc.accessKey,
    number: doc.number,
    series: doc.series,
    issuedAt: doc.issuedAt,
    issuedOn: doc.issuedOn,
    authorized: doc.authorized,
    taxRegime: context.regime,
    supplier: {
      document: doc.emitter.document,
      name: doc.emitter.name,
      tradeName: doc.emitter.tradeName,
      id: context.supplier?.id ?? null,
    },
    destination: doc.destination,
    items: doc.items.map((item) => itemView(item, { context, costOf, taken, packages })),
    totals: {
      products: moneyText(doc.totals.products),
      discount: moneyText(doc.totals.discount),
      freight: moneyText(doc.totals.freight),
      insurance: moneyText(doc.totals.insurance),
      other: moneyText(doc.totals.other),
      ipi: moneyText(doc.totals.ipi),
      icmsSt: moneyText(doc.totals.icmsSt),
      fcpSt: moneyText(doc.totals.fcpSt),
      invoice: moneyText(doc.totals.invoice),
      itemsInvoice: moneyText(itemsInvoice),
      difference: moneyText(difference),
      totalCost: moneyText(totalCost),
    },
    alreadyImported: context.alreadyImported,
    warnings,
    errors,
  };
}
