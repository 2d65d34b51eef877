import { divRound } from '@armazem/contracts/decimal';
import type { NfeItemValues } from './nfe-items.ts';

export type TaxRegime = 'simples' | 'presumido' | 'real';

/** The ICMS situation of an item that decides whether its ICMS is a credit. */
export interface IcmsSituation {
  /** ICMS00, ICMS10, ICMSSN101, … */
  group: string | null;
  /** CST or CSOSN */
  code: string | null;
  /** the group carries vICMSST */
  hasIcmsSt: boolean;
}

/** PIS 1,65 % and COFINS 7,6 % (non-cumulative, Lucro Real), each in ten-thousandths. */
const PIS_RATE = 165n;
const COFINS_RATE = 760n;
const RATE_SCALE = 10_000n;

/**
 * PIS/COFINS CSTs that give the buyer a credit: the supplier's basic rate (01), "other" (49, 99: a Simples
 * Nacional supplier, ADI RFB 15/2007) and the input CSTs with credit (50–56, 60–67). None for monophasic (02, 03,
 * 04), ST (05), zero rate (06), exempt (07), no incidence (08) or suspension (09), nor 70–75 (facts §2.1).
 */
const CREDIT_CSTS = new Set([
  '01',
  '49',
  '99',
  ...['50', '51', '52', '53', '54', '55', '56'],
  ...['60', '61', '62', '63', '64', '65', '66', '67'],
]);

/** Item types of the EFD (TIPO_ITEM) whose ICMS is never a credit: 07 uso e consumo, 08 ativo imobilizado. */
const NO_ICMS_CREDIT_TYPES = new Set(['07', '08']);

export type Activity = 'commerce' | 'industry';

/** What decides an item's credits besides its values: the business and the product the item becomes. */
export interface CreditContext {
  regime: TaxRegime;
  activity: Activity;
  /** the product's TIPO_ITEM, when the item is matched to a product (a new product is 00) */
  itemType: string | null;
}

export interface ItemTaxes {
  icms: IcmsSituation;
  pisCode: string | null;
  cofinsCode: string | null;
}

export interface ItemCredits {
  icms: bigint;
  pis: bigint;
  cofins: bigint;
  ipi: bigint;
}

const ST_CODES = new Set(['60', '201', '202', '203', '500']);

/**
 * Under ICMS-ST the buyer takes no ICMS credit: the group carries vICMSST, or the tax was charged earlier
 * (ICMS60, ICMSST) or by a Simples Nacional supplier under ST (CSOSN 201, 202, 203, 500).
 */
export function underSubstitution(icms: IcmsSituation): boolean {
  if (icms.hasIcmsSt) return true;
  if (icms.group === 'ICMS60' || icms.group === 'ICMSST') return true;
  return icms.code !== null && ST_CODES.has(icms.code) && (icms.group ?? '').startsWith('ICMS');
}

/** The ICMS the buyer credits: vCredICMSSN from a Simples Nacional supplier, none under ST, vICMS otherwise. */
export function creditableIcms(values: NfeItemValues, icms: IcmsSituation): bigint {
  if (underSubstitution(icms)) return 0n;
  if ((icms.group ?? '').startsWith('ICMSSN')) return values.snCredit;
  return values.icms;
}

/** vProd − vDesc + vFrete + vSeg + vOutro: the goods' value with what the invoice charges for them. */
export function merchandiseValue(v: NfeItemValues): bigint {
  return v.product - v.discount + v.freight + v.insurance + v.other;
}

/**
 * The credits the business takes on one item, each computed and rounded half-up at R$ 0,0001 on its own
 * (DESIGN.md §6.2 "Credits"):
 * - simples: none (LC 123 art. 23);
 * - ICMS (presumido, real): the creditable ICMS, none on items of type 07 or 08;
 * - PIS 1,65 % and COFINS 7,6 % (real only) of vProd − vDesc + vFrete + vSeg + vOutro − vICMS, each only when its
 *   CST gives credit;
 * - IPI: only for an industry.
 */
export function itemCredits(values: NfeItemValues, taxes: ItemTaxes, context: CreditContext): ItemCredits {
  const none = { icms: 0n, pis: 0n, cofins: 0n, ipi: 0n };
  if (context.regime === 'simples') return none;
  const icms = NO_ICMS_CREDIT_TYPES.has(context.itemType ?? '') ? 0n : creditableIcms(values, taxes.icms);
  const ipi = context.activity === 'industry' ? values.ipi : 0n;
  if (context.regime === 'presumido') return { ...none, icms, ipi };
  const base = merchandiseValue(values) - values.icms;
  const credit = (code: string | null, rate: bigint) =>
    base > 0n && code !== null && CREDIT_CSTS.has(code) ? divRound(base * rate, RATE_SCALE) : 0n;
  return { icms, ipi, pis: credit(taxes.pisCode, PIS_RATE), cofins: credit(taxes.cofinsCode, COFINS_RATE) };
}

/**
 * CPC 16 acquisition cost of one item, R$ at 0,0001: vProd − vDesc + vFrete + vSeg + vOutro + vIPI + vICMSST +
 * vFCPST + vII, less the credits the business takes (itemCredits).
 */
export function itemCost(values: NfeItemValues, credits: ItemCredits): bigint {
  const gross = merchandiseValue(values) + values.ipi + values.icmsSt + values.fcpSt + values.importDuty;
  return gross - credits.icms - credits.pis - credits.cofins - credits.ipi;
}

/**
 * The ledger row of an item: its quantity in the chosen product unity and the unit cost per that unity, half-up
 * at R$ 0,0001. The row's total stays the item cost exactly (the pipeline takes it as the entry's cost), so
 * the rounding of the unit cost never leaks into the balance (docs/decisions/0027-nfe-receipts.md).
 */
export function unitCostOf(totalCost: bigint, quantity: bigint): bigint {
  return quantity > 0n ? divRound(totalCost * 1000n, quantity) : 0n;
}
