import { describe, expect, it } from 'vitest';
import {
  itemCost,
  itemCredits,
  unitCostOf,
  type CreditContext,
  type IcmsSituation,
  type ItemTaxes,
} from '../../src/domain/nfe/nfe-cost.ts';
import type { NfeItemValues } from '../../src/domain/nfe/nfe-items.ts';
import { proposeSku, suggestedUnitsPerPackage } from '../../src/domain/nfe/nfe-rules.ts';

const r = (reais: string) => BigInt(Math.round(Number(reais) * 100)) * 100n; // test literals only
const values = (v: Partial<Record<keyof NfeItemValues, string>>): NfeItemValues => ({
  product: r(v.product ?? '0'),
  discount: r(v.discount ?? '0'),
  freight: r(v.freight ?? '0'),
  insurance: r(v.insurance ?? '0'),
  other: r(v.other ?? '0'),
  ipi: r(v.ipi ?? '0'),
  icms: r(v.icms ?? '0'),
  icmsSt: r(v.icmsSt ?? '0'),
  fcpSt: r(v.fcpSt ?? '0'),
  snCredit: r(v.snCredit ?? '0'),
  importDuty: r(v.importDuty ?? '0'),
});
const icms00: IcmsSituation = { group: 'ICMS00', code: '00', hasIcmsSt: false };
const taxes = (icms: IcmsSituation, pis: string | null = '01', cofins: string | null = pis): ItemTaxes => ({
  icms,
  pisCode: pis,
  cofinsCode: cofins,
});
const business = (regime: CreditContext['regime'], more: Partial<CreditContext> = {}): CreditContext => ({
  regime,
  activity: 'commerce',
  itemType: '00',
  ...more,
});
const cost = (v: NfeItemValues, t: ItemTaxes, c: CreditContext) => itemCost(v, itemCredits(v, t, c));

describe('itemCost (CPC 16 by tax regime, credits by CST)', () => {
  it('facts §2.2 item 10: discount and a creditable ICMS; PIS and COFINS each rounded on their own', () => {
    const v = values({ product: '53.24', discount: '10.64', icms: '5.11' });
    expect(cost(v, taxes(icms00), business('simples'))).toBe(426000n);
    expect(cost(v, taxes(icms00), business('presumido'))).toBe(374900n);
    // base 37,49: PIS 1,65 % = 0,618585 → 0,6186; COFINS 7,6 % = 2,84924 → 2,8492 (half-up at R$ 0,0001)
    const credits = itemCredits(v, taxes(icms00), business('real'));
    expect(credits).toEqual({ icms: 51100n, pis: 6186n, cofins: 28492n, ipi: 0n });
    expect(cost(v, taxes(icms00), business('real'))).toBe(374900n - 6186n - 28492n);
  });

  it('facts §2.2 item 16: ICMS-ST and IPI; no ICMS credit under ST', () => {
    const v = values({ product: '28.07', icms: '1.12', icmsSt: '6.33', ipi: '1.40' });
    const st: IcmsSituation = { group: 'ICMS10', code: '10', hasIcmsSt: true };
    expect(cost(v, taxes(st), business('simples'))).toBe(358000n);
    expect(cost(v, taxes(st), business('presumido'))).toBe(358000n);
    // base 26,95: PIS 0,444675 → 0,4447; COFINS 2,0482 → 2,0482
    expect(cost(v, taxes(st), business('real'))).toBe(358000n - 4447n - 20482n);
  });

  it('gives no PIS/COFINS credit for CST 04–09 (facts §2.1), only for the CST of each that gives one', () => {
    const v = values({ product: '100.00' });
    for (const code of ['02', '03', '04', '05', '06', '07', '08', '09', '70', '73']) {
      expect(itemCredits(v, taxes(icms00, code), business('real'))).toMatchObject({ pis: 0n, cofins: 0n });
    }
    for (const code of ['01', '49', '50', '99']) {
      expect(itemCredits(v, taxes(icms00, code), business('real'))).toMatchObject({
        pis: 16500n,
        cofins: 76000n,
      });
    }
    expect(itemCredits(v, taxes(icms00, '01', '06'), business('real'))).toMatchObject({
      pis: 16500n,
      cofins: 0n,
    });
    expect(itemCredits(v, taxes(icms00, null), business('real'))).toMatchObject({ pis: 0n, cofins: 0n });
  });

  it('takes no ICMS credit on uso e consumo (07) or ativo imobilizado (08); IPI only for an industry; vII is cost', () => {
    const v = values({ product: '100.00', icms: '18.00', ipi: '10.00', importDuty: '12.00' });
    const t = taxes(icms00, '06');
    expect(itemCredits(v, t, business('presumido', { itemType: '07' })).icms).toBe(0n);
    expect(itemCredits(v, t, business('presumido', { itemType: '08' })).icms).toBe(0n);
    expect(itemCredits(v, t, business('presumido')).icms).toBe(180000n);
    expect(cost(v, t, business('presumido'))).toBe(1000000n + 100000n + 120000n - 180000n);
    expect(cost(v, t, business('presumido', { activity: 'industry' }))).toBe(1000000n + 120000n - 180000n);
    // Simples Nacional takes no credit at all, also as an industry
    expect(cost(v, t, business('simples', { activity: 'industry' }))).toBe(1220000n);
  });

  it('adds freight, insurance, other expenses and FCP-ST per item', () => {
    const v = values({
      product: '100.00',
      discount: '5.00',
      freight: '7.67',
      insurance: '1.10',
      other: '0.50',
      icmsSt: '3.00',
      fcpSt: '0.40',
    });
    const st = { group: 'ICMS10', code: '10', hasIcmsSt: true };
    expect(cost(v, taxes(st), business('simples'))).toBe(1076700n);
  });

  it('takes vCredICMSSN from a Simples Nacional supplier, nothing under CSOSN 500 or ICMS60', () => {
    const v = values({ product: '50.00', snCredit: '1.25' });
    const p = business('presumido');
    expect(cost(v, taxes({ group: 'ICMSSN101', code: '101', hasIcmsSt: false }), p)).toBe(487500n);
    expect(cost(v, taxes({ group: 'ICMSSN500', code: '500', hasIcmsSt: false }), p)).toBe(500000n);
    const icms60 = values({ product: '50.00', icms: '2.00' });
    expect(cost(icms60, taxes({ group: 'ICMS60', code: '60', hasIcmsSt: false }), p)).toBe(500000n);
  });
});

describe('unit cost per product unity', () => {
  it('divides half-up at R$ 0,0001 (CX → UN: the quantity is the one typed in the chosen unity)', () => {
    expect(unitCostOf(358000n, 3000n)).toBe(119333n);
    // 2 CX of 12 UN bought for R$ 240,25 → R$ 120,125 per CX
    expect(unitCostOf(2402500n, 2000n)).toBe(1201250n);
  });

  it('proposes a package from qTrib ÷ qCom and a unique SKU from cProd', () => {
    expect(
      suggestedUnitsPerPackage({ unit: 'CX', quantity: 12000n, taxUnit: 'UN', taxQuantity: 240000n }),
    ).toBe(20000n);
    expect(
      suggestedUnitsPerPackage({ unit: 'UN', quantity: 12000n, taxUnit: 'UN', taxQuantity: 12000n }),
    ).toBeNull();
    expect(proposeSku('ab 12#ç', new Set())).toBe('AB-12C');
    expect(proposeSku('X1', new Set(['X1', 'X1-2']))).toBe('X1-3');
  });
});
