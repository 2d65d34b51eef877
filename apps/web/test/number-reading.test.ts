import type { TProductUnitySelectItem } from '@armazem/contracts/catalog';
import type { TStockRow } from '@armazem/contracts/stock';
import { describe, expect, it } from 'vitest';
import { featureMessages } from '../src/config/feature-messages.ts';
import { readQuantity } from '../src/features/stock/quantity-reading.ts';
import { brazilianDecimal, decimalInput, decimalText, numberReading } from '../src/lib/format.ts';

// DESIGN.md §4, the one rule for numbers typed by people, as every web form reads them.
describe('decimalInput: what a person typed, as the API decimal', () => {
  it.each([
    ['1.500', '1500'], // a dot before exactly three digits groups thousands
    ['1.500.000', '1500000'],
    ['1.234,56', '1234.56'],
    ['1.500,5', '1500.5'],
    ['1,5', '1.5'], // the comma is the decimal separator
    ['12.5', '12.5'], // a single dot not followed by exactly three digits is a decimal point
    ['12.50', '12.50'],
    ['1.2345', '1.2345'],
    ['0.500', '0.500'], // no thousands group starts with zero
    ['0012', '12'],
    ['-3', '-3'],
    ['- 3', '-3'],
    ['+7', '7'],
    ['-0', '0'],
    [' R$ 1.234,56 ', '1234.56'],
    ['R$\u00a010,00', '10.00'], // the non-breaking space Intl writes after R$
  ])('%j → %j', (typed, plain) => {
    expect(decimalInput(typed)).toBe(plain);
  });

  it.each([
    ['1234.567'], // a lone dot after four digits could be either: refused, never guessed
    ['1.23.456'],
    ['12,3,4'],
    ['1,'],
    [',5'],
    ['1 500'],
    ['abc'],
    ['1e3'],
    ['--1'],
    ['-R$ -1'],
  ])('%j is refused (the schema then says so in Portuguese)', (typed) => {
    expect(decimalInput(typed)).toBe('ilegível');
  });

  it('reads an empty field as left out, not as zero', () => {
    expect(decimalInput('')).toBeUndefined();
    expect(decimalInput('   ')).toBeUndefined();
  });

  it('writes a wire decimal back the way it is read again', () => {
    for (const wire of ['1500.000', '1234.5600', '0.500', '-3.250', '12']) {
      const shown = decimalText(wire);
      expect(Number(decimalInput(shown))).toBe(Number(wire));
    }
    expect(decimalText('1500.000')).toBe('1.500');
    expect(decimalText(null)).toBe('');
    expect(brazilianDecimal('1234.5', 2)).toBe('1.234,50');
    expect(brazilianDecimal('-1500.500')).toBe('-1.500,5');
  });
});

describe('numberReading: the line under a number field, before anything is saved', () => {
  it.each([
    ['1.500', { kind: 'quantity', unit: 'UN' }, '= 1.500 UN'],
    ['12.5', { kind: 'quantity', unit: 'KG' }, '= 12,5 KG'],
    ['0,5', { kind: 'quantity' }, '= 0,5'],
    ['1234,5', { kind: 'money' }, '= R$ 1.234,50'],
    ['1.500', { kind: 'money' }, '= R$ 1.500,00'],
    ['0.0125', { kind: 'money' }, '= R$ 0,0125'],
  ] as const)('%j (%o) reads %j', (typed, options, reading) => {
    expect(numberReading(typed, options)).toBe(reading);
  });

  it('says it did not understand, and says nothing while empty', () => {
    expect(numberReading('1234.567', { kind: 'quantity' })).toBe(featureMessages.numberField.unreadable);
    expect(numberReading('dez', { kind: 'money' })).toBe(featureMessages.numberField.unreadable);
    expect(numberReading('', { kind: 'quantity' })).toBeNull();
  });

  it('hands the plain decimal to a custom description', () => {
    expect(numberReading('1.500', { kind: 'quantity', describe: (plain) => `${plain} lidos` })).toBe(
      '= 1500 lidos',
    );
  });
});

const ref = (code: string) => ({ id: code.length, code, name: code });
const unity = (id: number, label: string, quantity: string, isDefault: boolean): TProductUnitySelectItem => ({
  id,
  label,
  quantity,
  unity: ref('UN'),
  unityBatch: ref(isDefault ? 'UN' : 'CX'),
  isDefault,
});
const UNITIES = [unity(1, 'Unidade (UN)', '1.000', true), unity(2, 'Caixa c/ 12 UN', '12.000', false)];
const balance = (quantity: string) => ({ unity: ref('UN'), quantity }) as TStockRow;

describe('readQuantity: the movement form, in the package chosen', () => {
  const read = (typed: string, productUnityId = '', isExit = false, stock = balance('20.000')) =>
    readQuantity({ unities: UNITIES, productUnityId, typed, balance: stock, isExit });

  it('describes a quantity of the base unit', () => {
    const reading = read('1.500');
    expect(reading.unity?.id).toBe(1);
    expect(reading.describe('1500')).toBe('1.500 UN');
  });

  it('multiplies a package into base units, exactly', () => {
    const reading = read('2,5', '2');
    expect(reading.unity?.label).toBe('Caixa c/ 12 UN');
    expect(reading.describe('2.5')).toBe('2,5 × Caixa c/ 12 UN = 30 UN');
    expect(read('1.500', '2').describe('1500')).toBe('1.500 × Caixa c/ 12 UN = 18.000 UN');
  });

  it('warns when an exit takes more than the balance, counted in base units', () => {
    expect(read('2', '2', true).exceeds).toBe(true); // 24 UN out of 20
    expect(read('1', '2', true).exceeds).toBe(false); // 12 UN
    expect(read('20', '', true).exceeds).toBe(false); // the whole balance is allowed
    expect(read('20,001', '', true).exceeds).toBe(true);
    expect(read('2', '2', false).exceeds).toBe(false); // an entry never warns
    expect(read('abc', '2', true).exceeds).toBe(false); // unreadable: the schema speaks, not the warning
  });

  it('falls back to the default package for an unknown choice', () => {
    expect(read('3', '99').unity?.id).toBe(1);
  });
});
