import { describe, expect, it } from 'vitest';
import { effectOf, effectTable, EFFECT_POSITION, normalizeCfop } from '../src/fiscal-effects.ts';

const received = (cfop: string, more: { tpNF?: string; finNFe?: string } = {}) =>
  effectOf({ issuedByUs: false, tpNF: more.tpNF ?? '1', finNFe: more.finNFe ?? '1', cfop });
const issued = (cfop: string, more: { tpNF?: string; finNFe?: string } = {}) =>
  effectOf({
    issuedByUs: true,
    tpNF: more.tpNF ?? (cfop[0]! >= '5' ? '1' : '0'),
    finNFe: more.finNFe ?? '1',
    cfop,
  });

describe('the effect of an NF-e item (DESIGN.md §6.2)', () => {
  it("reads a third party's note from our side", () => {
    expect(received('5102')).toBe('purchase');
    expect(received('6102')).toBe('purchase');
    expect(received('5405')).toBe('purchase');
    expect(received('5910')).toBe('bonus_in');
    expect(received('6910')).toBe('bonus_in');
    expect(received('5917')).toBe('held_in');
    expect(received('6915')).toBe('held_in');
    expect(received('6901')).toBe('held_in');
    expect(received('5202', { finNFe: '4' })).toBe('sale_return');
    expect(received('6202', { finNFe: '4' })).toBe('sale_return');
    expect(received('5916')).toBe('sent_back');
    expect(received('5551')).toBe('none');
    expect(received('5949')).toBe('ask');
    expect(received('6124')).toBe('ask');
    expect(received('6152')).toBe('ask');
  });

  it('reads a note the business issued as it stands', () => {
    expect(issued('5102')).toBe('sale');
    expect(issued('5202')).toBe('purchase_return');
    expect(issued('5917')).toBe('sent_out');
    expect(issued('1202')).toBe('sale_return');
    expect(issued('3102')).toBe('purchase');
    expect(issued('1556')).toBe('none');
    expect(issued('2556')).toBe('none');
    expect(issued('5152')).toBe('transfer_out');
    expect(issued('1152')).toBe('transfer_in');
    expect(issued('5929')).toBe('none');
    expect(issued('5910')).toBe('bonus_out');
  });

  it('moves no goods for a complement, an adjustment or a credit/debit note, whatever the CFOP', () => {
    for (const finNFe of ['2', '3', '5', '6']) expect(received('5102', { finNFe })).toBe('none');
  });

  it('asks when the CFOP is unknown, missing, or disagrees with tpNF', () => {
    expect(received('5999')).toBe('ask');
    expect(effectOf({ issuedByUs: false, tpNF: '1', finNFe: '1', cfop: null })).toBe('ask');
    expect(received('5102', { tpNF: '0' })).toBe('ask');
  });

  it("takes an admin's override per CFOP over the table", () => {
    const overrides = { '5949': 'purchase' as const };
    expect(effectOf({ issuedByUs: false, tpNF: '1', finNFe: '1', cfop: '5.949', overrides })).toBe(
      'purchase',
    );
    expect(normalizeCfop('5.949')).toBe('5949');
    expect(normalizeCfop('4102')).toBeNull();
  });

  it('lists every row with an effect that has a position or none', () => {
    for (const row of effectTable()) {
      expect(row.operations.every((op) => /^[0-9]{3}$/.test(op))).toBe(true);
      expect(row.thirdParty in EFFECT_POSITION).toBe(true);
      expect(row.issuedByUs in EFFECT_POSITION).toBe(true);
    }
  });
});
