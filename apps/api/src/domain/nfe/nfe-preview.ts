import type { TNfeMatch, TNfePreview, TNfePreviewItem } from '@armazem/contracts/nfe';
import { formatMoneyBR } from '@armazem/contracts/decimal';
import type { Db } from '../../db/database.ts';
import { EFFECT_POSITION } from '@armazem/contracts/fiscal-effects';
import { fiscalOf } from './nfe-effects.ts';
import type { NfeDocument } from './nfe-reader.ts';
import { DEFAULT_BATCH_CODE } from '../shared/catalog-rules.ts';
import {
  packageReferences,
  standingReceiptByKey,
  takenSkus,
  type PackageReferences,
  type UnityInfo,
} from './nfe-repository.ts';
import { noteContext, type NoteContext } from './nfe-context.ts';
import {
  alreadyImportedMessage,
  cancelledMessage,
  documentLabel,
  costItems,
  futureIssueMessage,
  itemWarnings,
  moneyText,
  packageKindFor,
  proposeSku,
  quantityText,
  reconcile,
  suggestedUnitsPerPackage,
  NO_PARTICIPANT,
  UNAUTHORIZED_WARNING,
  type CostContext,
  type CostedItem,
} from './nfe-rules.ts';
import type { PackageConflict } from './nfe-package-rules.ts';
import { todayIn } from '../../lib/dates.ts';

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

const conflictView = (conflict: PackageConflict | undefined) =>
  conflict
    ? {
        noteUnitsPerPackage: quantityText(conflict.noteUnitsPerPackage),
        matchedUnitsPerPackage: quantityText(conflict.matchedUnitsPerPackage),
      }
    : null;

interface ItemViewInputs {
  context: NoteContext;
  costOf: ReadonlyMap<number, CostedItem>;
  /** SKUs the catalog already has */
  taken: ReadonlySet<string>;
  packages: PackageReferences;
}

/** One item as the preview shows it: what the note says, its cost, the proposals, its match and warnings. */
function itemView(item: NfeDocument['items'][number], inputs: ItemViewInputs): TNfePreviewItem {
  const { context, costOf, taken, packages } = inputs;
  const perPackage = suggestedUnitsPerPackage(item);
  const costed = costOf.get(item.item);
  const effect = context.effects.get(item.item) ?? 'ask';
  const fiscal = fiscalOf(item, costed);
  const conflict = context.conflicts.get(item.item);
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
    totalCost: moneyText(costed?.cost ?? 0n),
    effect,
    position: EFFECT_POSITION[effect],
    cst: fiscal.cst,
    credits: fiscal.credits,
    taxUnit: item.taxUnit,
    taxQuantity: item.taxQuantity === null ? null : quantityText(item.taxQuantity),
    suggestedUnitsPerPackage: perPackage === null ? null : quantityText(perPackage),
    suggestedSku: proposeSku(item.supplierCode, taken),
    newPackageKind: packageKindFor(item.unit, packages, packages.defaultBatch).name,
    lots: item.lots.map((lot) => ({ ...lot, quantity: quantityText(lot.quantity) })),
    match: matchView(context.matches.get(item.item) ?? null, context.unities),
    packageConflict: conflictView(context.conflicts.get(item.item)),
    warnings: [...itemWarnings(item), ...(conflict ? [conflict.message] : [])],
  };
}

/** What an item's credits depend on besides its values: the business, and the product it is matched to. */
export function costContextOf(context: NoteContext, itemTypes?: ReadonlyMap<number, string>): CostContext {
  return {
    regime: context.regime,
    activity: context.activity,
    itemTypeOf: (item) => {
      if (itemTypes) return itemTypes.get(item) ?? null;
      const match = context.matches.get(item);
      return match ? (context.unities.get(match.productUnityId)?.itemType ?? null) : null;
    },
  };
}

/** A customer's return whose original note was not imported comes back at the average: the preview says so. */
async function returnWarnings(db: Db, doc: NfeDocument, context: NoteContext): Promise<string[]> {
  const returns = doc.items.filter((item) => context.effects.get(item.item) === 'sale_return');
  if (returns.length === 0) return [];
  for (const key of doc.references) if (await standingReceiptByKey(db, key)) return [];
  const items = returns.map((item) => item.item).join(', ');
  return [
    `A nota devolvida não foi importada (${doc.references.length > 0 ? 'a chave referenciada não está no Armazém' : 'a nota não referencia nenhuma'}): ${returns.length === 1 ? 'o item' : 'os itens'} ${items} ${returns.length === 1 ? 'volta' : 'voltam'} ao estoque pelo custo médio da data, não pelo custo da saída original.`,
  ];
}

/** The preview: nothing stored. */
export async function buildPreview(db: Db, doc: NfeDocument, timeZone: string): Promise<TNfePreview> {
  const context = await noteContext(db, doc, timeZone);
  const costs = costItems(doc, costContextOf(context));
  const costOf = new Map(costs.map((c) => [c.item, c]));
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
  if (typeof context.side !== 'string') errors.push(context.side.problem);
  if (context.alreadyImported) errors.push(alreadyImportedMessage(doc.number, doc.series));
  if (context.cancelled) errors.push(cancelledMessage(documentLabel(doc.number, doc.series, doc.model)));
  if (doc.issuedOn > todayIn(timeZone)) errors.push(futureIssueMessage(doc.issuedOn));
  if (typeof context.side === 'string' && !context.counterpart) errors.push(NO_PARTICIPANT);
  warnings.push(...(await returnWarnings(db, doc, context)));
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
    side: typeof context.side === 'string' ? context.side : null,
    establishment: context.places ? { id: context.places.ours.id, name: context.places.ours.name } : null,
    transferTo: context.places?.other
      ? { id: context.places.other.id, name: context.places.other.name }
      : null,
    operation: { model: doc.model, tpNF: doc.tpNF, finNFe: doc.finNFe, natOp: doc.natOp },
    // the participant: who sold (or sent) to the business, or whom the business's own note was for
    supplier: {
      document: context.counterpart?.document ?? '',
      name: context.counterpart?.name ?? doc.destination.name ?? '',
      tradeName: context.counterpart?.tradeName ?? null,
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
    signature: doc.signature,
    warnings,
    errors,
  };
}
