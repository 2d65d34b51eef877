import { describe, expect, it } from 'vitest';
import {
  documentKind,
  formatDocument,
  formatPhone,
  isValidCnpj,
  isValidCpf,
  isValidGtin,
  normalizeDocument,
  normalizePhone,
} from '../src/documents.ts';

describe('CNPJ', () => {
  it('accepts the official alphanumeric example, with or without punctuation and in lower case', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(normalizeDocument('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('accepts known numeric CNPJs', () => {
    for (const cnpj of [
      '11.222.333/0001-81',
      '11.444.777/0001-61',
      '33.000.167/0001-01',
      '00.000.000/0001-91',
    ]) {
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
    }
  });

  it('refuses wrong check digits, letters in the check digits, repeated digits and wrong lengths', () => {
    for (const cnpj of [
      '12.ABC.345/01DE-36',
      '12ABC34501DE3A',
      '11.222.333/0001-82',
      '00000000000000',
      '11111111111111',
      '1122233300018',
      'AB',
    ]) {
      expect(isValidCnpj(cnpj), cnpj).toBe(false);
    }
  });

  it('never strips letters: a letter where a digit belongs changes the value', () => {
    expect(isValidCnpj('12.ABC.345/01DF-35')).toBe(false);
  });
});

describe('CPF', () => {
  it('accepts known CPFs and refuses wrong ones', () => {
    for (const cpf of ['529.982.247-25', '111.444.777-35', '52998224725'])
      expect(isValidCpf(cpf), cpf).toBe(true);
    for (const cpf of ['529.982.247-24', '111.111.111-11', '1234567890', 'ABC.982.247-25'])
      expect(isValidCpf(cpf), cpf).toBe(false);
  });
});

describe('documentKind and formatDocument', () => {
  it('tells CNPJ from CPF and formats both', () => {
    expect(documentKind('12.ABC.345/01DE-35')).toBe('cnpj');
    expect(documentKind('529.982.247-25')).toBe('cpf');
    expect(documentKind('123')).toBeNull();
    expect(formatDocument('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
  });
});

describe('GTIN', () => {
  it('validates GTIN-8, 12, 13 and 14 check digits', () => {
    for (const gtin of ['7891000315507', '7894900011517', '96385074', '036000291452', '17891000315504']) {
      expect(isValidGtin(gtin), gtin).toBe(true);
    }
    for (const gtin of ['7891000315508', '789100031550', '1234567', 'ABCDEFGHIJKLM', '96385075']) {
      expect(isValidGtin(gtin), gtin).toBe(false);
    }
  });
});

describe('phones', () => {
  it('normalizes Brazilian numbers and refuses others', () => {
    expect(normalizePhone('(11) 98765-4321')).toBe('11987654321');
    expect(normalizePhone('+55 11 3333-4444')).toBe('1133334444');
    expect(normalizePhone('123')).toBeNull();
    expect(normalizePhone('(01) 3333-4444')).toBeNull();
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
  });
});
