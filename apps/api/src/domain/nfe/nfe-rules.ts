import { isValidGtin } from '@armazem/contracts/documents';
import { formatBrazilian, formatQuantityBR, formatScaled } from '@armazem/contracts/decimal';
import { foldText } from '../../lib/text.ts';
import { dateLabel } from '../shared/stock-rules.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  itemCost,
  itemCredits,
  merchandiseValue,
  type Activity,
  type ItemCredits,
  type TaxRegime,
} from './nfe-cost.ts';
import type { NfeItem } from './nfe-items.ts';
import type { NfeDocument } from './nfe-reader.ts';
import { FILE_SCALE } from './nfe-values.ts';
import { unprocessable } from '../../lib/uploads/xml-tree.ts';

/** Pure rules of NF-e receipts: matching, proposals, new products' GTINs and packages, totals, dates. */

export const RECEIPT_NOT_FOUND = 'Nota fiscal não encontrada.';
export const UNAUTHORIZED_WARNING =
  'O arquivo não traz a autorização de uso da SEFAZ (o protocolo que vem no XML da nota autorizada). Confira se a nota foi autorizada antes de importar.';
export const UNAUTHORIZED_REFUSAL =
  'O arquivo não traz a autorização de uso da SEFAZ. Para importar a nota assim mesmo, confirme a importação de nota não autorizada.';

export const NO_PARTICIPANT =
  'A nota emitida pela empresa não identifica o destinatário (CNPJ ou CPF): sem ele, não há com quem registrar a operação.';
/**
 * The participant of every NFC-e (decision 0070): a sale to a consumer, identified or not, is recorded with one
 * participant, as the Brazilian ERPs do ("Consumidor final"); the consumer's CPF, when given, stays in the XML.
 */
export const FINAL_CONSUMER = {
  document: '00000000000',
  name: 'Consumidor final (NFC-e)',
  tradeName: null,
  stateRegistration: null,
  address: { street: null, number: null, district: null, city: null, cityCode: null, state: null, zip: null },
};

export const cancelledMessage = (label: string) =>
  `A ${label} foi cancelada na SEFAZ (o evento de cancelamento já foi recebido): uma nota cancelada não movimenta o estoque.`;

/** "NF-e 1234/1" or, for a model 65 note, "NFC-e 1234/1". */
export const documentLabel = (number: string, series: string, model: string = '55') =>
  `${model === '65' ? 'NFC-e' : 'NF-e'} ${number}/${series}`;
/** The model of a note, from its access key (positions 21–22). */
export const modelOfKey = (accessKey: string) => accessKey.slice(20, 22);

export function alreadyImportedMessage(number: string, series: string) {
  return `A ${documentLabel(number, series)} (mesma chave de acesso) já foi importada.`;
}

export type MatchVia = 'supplier-code' | 'gtin';
export interface MatchTarget {
  productId: number;
  productUnityId: number;
}

/** Learned codes win over barcodes; `SEM GTIN` was already read as no GTIN. */
export function matchItem(
  item: { supplierCode: string; unit: string; gtin: string | null },
  learned: ReadonlyMap<string, MatchTarget>,
  barcodes: ReadonlyMap<string, MatchTarget>,
): (MatchTarget & { via: MatchVia }) | null {
  const code = learned.get(learnedKey(item.supplierCode, item.unit));
  if (code) return { ...code, via: 'supplier-code' };
  const byGtin = item.gtin ? barcodes.get(item.gtin) : undefined;
  return byGtin ? { ...byGtin, via: 'gtin' } : null;
}

export const learnedKey = (supplierCode: string, unit: string) => `${supplierCode}\u0000${unit}`;

/** A SKU from the supplier's code: upper-case, only the characters a SKU takes, unique against `taken`. */
export function proposeSku(supplierCode: string, taken: ReadonlySet<string>): string {
  const base =
    supplierCode
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase()
      .replace(/\s+/g, '-')
      .replace(/[^0-9A-Z._/-]/g, '')
      .slice(0, 54) || 'NFE';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** qTrib ÷ qCom when the taxable unit differs from the commercial one and it divides exactly (CX 12 vs UN 240 → 20). */
export function suggestedUnitsPerPackage(item: {
  unit: string;
  quantity: bigint;
  taxUnit: string | null;
  taxQuantity: bigint | null;
}): bigint | null {
  if (!item.taxUnit || item.taxUnit === item.unit || !item.taxQuantity || item.quantity <= 0n) return null;
  const scaled = item.taxQuantity * 1000n;
  if (scaled % item.quantity !== 0n) return null;
  const perPackage = scaled / item.quantity;
  return perPackage > 1000n ? perPackage : null;
}

export interface CostedItem {
  item: number;
  cost: bigint;
  credits: ItemCredits;
}

export interface CostContext {
  regime: TaxRegime;
  activity: Activity;
  /** the TIPO_ITEM of the product an item goes to (null: a product still to be created, type 00) */
  itemTypeOf: (item: number) => string | null;
}

/** Each item's credits and cost by the regime; a negative cost (discounts beyond the value) is refused. */
export function costItems(doc: NfeDocument, context: CostContext): CostedItem[] {
  return doc.items.map((item) => {
    const credits = itemCredits(
      item.values,
      {
        icms: { group: item.icmsGroup, code: item.icmsCode, hasIcmsSt: item.hasIcmsSt },
        pisCode: item.pisCode,
        cofinsCode: item.cofinsCode,
      },
      { regime: context.regime, activity: context.activity, itemType: context.itemTypeOf(item.item) },
    );
    const cost = itemCost(item.values, credits);
    if (cost < 0n)
      throw unprocessable(`O custo do item ${item.item} ficou negativo: confira os descontos da nota.`);
    return { item: item.item, cost, credits };
  });
}

/** The invoice as the items add up (the simples formula is the note's own vNF identity) against vNF. */
export function reconcile(doc: NfeDocument, costs: readonly CostedItem[]) {
  const itemsInvoice = doc.items.reduce(
    (sum, item) =>
      sum + merchandiseValue(item.values) + item.values.ipi + item.values.icmsSt + item.values.fcpSt,
    0n,
  );
  const totalCost = costs.reduce((sum, item) => sum + item.cost, 0n);
  return { itemsInvoice, difference: doc.totals.invoice - itemsInvoice, totalCost };
}

/** occurredOn: today by default, never before the issue date (the future and closed months are the pipeline's). */
/** A note issued after today (the issuer's clock, or a note typed ahead): it can only come in from that date. */
export const futureIssueMessage = (issuedOn: string) =>
  `A nota foi emitida em ${dateLabel(issuedOn)}, depois de hoje: ela só pode entrar no estoque a partir dessa data.`;

export function receiptDate(requested: string | undefined, issuedOn: string, today: string): string {
  if (requested === undefined && issuedOn > today) throw unprocessable(futureIssueMessage(issuedOn));
  const date = requested ?? today;
  if (date < issuedOn) {
    throw badRequest(
      `A data da entrada não pode ser anterior à emissão da nota (${dateLabel(issuedOn)}).`,
      'occurredOn',
    );
  }
  return date;
}

export const moneyText = (value: bigint) => formatScaled(value, 4);
export const quantityText = (value: bigint) => formatScaled(value, 3);

/** What the preview says about one item: today only a qCom rounded to thousandths (docs/decisions/0039). */
export function itemWarnings(item: Pick<NfeItem, 'unit' | 'quantity' | 'quantityInFile'>): string[] {
  if (item.quantityInFile === null) return [];
  const inFile = formatBrazilian(item.quantityInFile, FILE_SCALE);
  return [
    `Quantidade ${inFile} ${item.unit} arredondada para ${formatQuantityBR(item.quantity)} ${item.unit}: o Armazém guarda até 3 casas decimais.`,
  ];
}

const validGtin = (gtin: string | null) => (gtin && isValidGtin(gtin) ? gtin : null);

/**
 * The barcodes of a product created from an item (docs/decisions/0039). cEAN is the GTIN of the unit the note
 * counts in (uCom). In a package, cEAN names the package and cEANTrib names the product (its base unit) when it
 * is another GTIN of another unit (uTrib ≠ uCom). Without a package, the product is counted in uCom: it takes
 * cEAN, or cEANTrib when uTrib is that same unit. `SEM GTIN` and a wrong check digit are never stored.
 */
export function createdBarcodes(
  item: Pick<NfeItem, 'gtin' | 'taxGtin' | 'unit' | 'taxUnit'>,
  packaged: boolean,
): { product: string | null; package: string | null } {
  const commercial = validGtin(item.gtin);
  const taxable = validGtin(item.taxGtin);
  const sameUnit = item.taxUnit === null || item.taxUnit === item.unit;
  if (!packaged) return { product: commercial ?? (sameUnit ? taxable : null), package: null };
  return { product: taxable !== commercial && !sameUnit ? taxable : null, package: commercial };
}

export interface ReferenceRow {
  id: number;
  code: string;
  name: string;
}

/** The package of a new product when the note's unit names none: "Caixa" in CX. */
const BOX = { unity: 'CX', batch: 'CAIXA' } as const;

export interface PackageKind {
  /** the package's unit; null: the product's base unit */
  unityId: number | null;
  batchId: number;
  name: string;
}

/**
 * The package a product created from an item gets (docs/decisions/0039): the active packaging type whose code is
 * uCom or whose name is the name of the unit uCom (FD is "Fardo"), in that unit; else Caixa in CX, as before; else
 * (Caixa deactivated) the default type. Only active rows are given.
 */
export function packageKindFor(
  unit: string,
  active: { unities: readonly ReferenceRow[]; batches: readonly ReferenceRow[] },
  defaultBatch: ReferenceRow,
): PackageKind {
  const code = foldText(unit);
  const unity = active.unities.find((u) => foldText(u.code) === code);
  const box = active.unities.find((u) => u.code === BOX.unity);
  const named =
    active.batches.find((b) => foldText(b.code) === code) ??
    (unity ? active.batches.find((b) => foldText(b.name) === foldText(unity.name)) : undefined);
  if (named) return { unityId: (unity ?? box)?.id ?? null, batchId: named.id, name: named.name };
  const kind = active.batches.find((b) => b.code === BOX.batch) ?? defaultBatch;
  return { unityId: box?.id ?? null, batchId: kind.id, name: kind.name };
}
