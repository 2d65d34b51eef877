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

/** PIS 1,65 % + COFINS 7,6 % (non-cumulative, Lucro Real), in ten-thousandths. */
const PIS_COFINS_RATE = 925n;
const RATE_SCALE = 10_000n;

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
 * CPC 16 acquisition cost of one item, R$ at 0,0001 (DESIGN.md §3 "NF-e receipts"):
 * - simples: vProd − vDesc + vFrete + vSeg + vOutro + vIPI + vICMSST + vFCPST (nothing is recoverable);
 * - presumido: the same − the creditable ICMS;
 * - real: as presumido − 9,25 % of (vProd − vDesc + vFrete + vSeg + vOutro − vICMS), half-up at R$ 0,0001.
 */
export function itemCost(values: NfeItemValues, icms: IcmsSituation, regime: TaxRegime): bigint {
  const simples = merchandiseValue(values) + values.ipi + values.icmsSt + values.fcpSt;
  if (regime === 'simples') return simples;
  const presumido = simples - creditableIcms(values, icms);
  if (regime === 'presumido') return presumido;
  const creditBase = merchandiseValue(values) - values.icms;
  const credit = creditBase > 0n ? divRound(creditBase * PIS_COFINS_RATE, RATE_SCALE) : 0n;
  return presumido - credit;
}

/**
 * The ledger row of an item: its quantity in the chosen product unity and the unit cost per that unity, half-up
 * at R$ 0,0001. The row's total stays the item cost exactly (the pipeline takes it as the entry's cost), so
 * the rounding of the unit cost never leaks into the balance (docs/decisions/0027-nfe-receipts.md).
 */
export function unitCostOf(totalCost: bigint, quantity: bigint): bigint {
  return quantity > 0n ? divRound(totalCost * 1000n, quantity) : 0n;
}
