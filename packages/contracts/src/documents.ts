/**
 * Brazilian identifiers. CNPJ accepts the alphanumeric format of IN RFB 2.229/2024: 12 characters [0-9A-Z] and two
 * numeric check digits, each character worth its ASCII code minus 48 in the usual mod-11 weights.
 */

/** Upper-case, without punctuation or spaces; letters are never stripped. */
export function normalizeDocument(input: string): string {
  return input.toUpperCase().replace(/[\s./-]/g, '');
}

function mod11Digit(values: number[], weights: number[]): number {
  const sum = values.reduce((total, value, index) => total + value * (weights[index] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

export function isValidCnpj(input: string): boolean {
  const cnpj = normalizeDocument(input);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const values = [...cnpj].map((char) => char.charCodeAt(0) - 48);
  const first = mod11Digit(values.slice(0, 12), CNPJ_WEIGHTS_1);
  const second = mod11Digit([...values.slice(0, 12), first], CNPJ_WEIGHTS_2);
  return values[12] === first && values[13] === second;
}

export function isValidCpf(input: string): boolean {
  const cpf = normalizeDocument(input);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const digits = [...cpf].map(Number);
  const first = mod11Digit(digits.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11Digit([...digits.slice(0, 9), first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return digits[9] === first && digits[10] === second;
}

export type DocumentKind = 'cnpj' | 'cpf';

export function documentKind(input: string): DocumentKind | null {
  const document = normalizeDocument(input);
  if (document.length === 14 && isValidCnpj(document)) return 'cnpj';
  if (document.length === 11 && isValidCpf(document)) return 'cpf';
  return null;
}

/** 12.ABC.345/01DE-35 or 529.982.247-25; anything else as it is. */
export function formatDocument(stored: string): string {
  if (stored.length === 14) {
    return `${stored.slice(0, 2)}.${stored.slice(2, 5)}.${stored.slice(5, 8)}/${stored.slice(8, 12)}-${stored.slice(12)}`;
  }
  if (stored.length === 11)
    return `${stored.slice(0, 3)}.${stored.slice(3, 6)}.${stored.slice(6, 9)}-${stored.slice(9)}`;
  return stored;
}

/** GTIN-8, GTIN-12 (UPC), GTIN-13 (EAN) or GTIN-14, with its mod-10 check digit. */
export function isValidGtin(input: string): boolean {
  const gtin = input.trim();
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(gtin)) return false;
  const digits = [...gtin].map(Number);
  const check = digits.pop() ?? -1;
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** Brazilian phone: DDD + 8 or 9 digits, optionally with +55; stored as digits only. */
export function normalizePhone(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  if (digits.length > 11 && digits.startsWith('55')) digits = digits.slice(2);
  if (!/^[1-9]{2}\d{8,9}$/.test(digits)) return null;
  return digits;
}

export function formatPhone(digits: string): string {
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return digits;
}
