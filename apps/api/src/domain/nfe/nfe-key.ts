/**
 * The 44-position access key (chave de acesso) of an NF-e: cUF(2) AAMM(4) CNPJ/CPF(14) mod(2) serie(3) nNF(9)
 * tpEmis(1) cNF(8) cDV(1). Positions 7–18 may be letters (alphanumeric CNPJ, IN RFB 2.229/2024).
 */

export const KEY_PATTERN = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;

/** Módulo 11 with weights 2..9 from the right; every character counts as its code minus 48 (A = 17). */
export function keyCheckDigit(first43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += (first43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function hasValidCheckDigit(key: string): boolean {
  return KEY_PATTERN.test(key) && keyCheckDigit(key.slice(0, 43)) === Number(key[43]);
}

export interface KeyParts {
  cUF: string;
  /** AAMM of dhEmi */
  yearMonth: string;
  /** emitter CNPJ, or CPF left-padded with zeros to 14 */
  document: string;
  model: string;
  series: string;
  number: string;
  emissionType: string;
  randomCode: string;
  checkDigit: string;
}

/** Builds a key from its parts (the check digit is computed). */
export function buildKey(parts: Omit<KeyParts, 'checkDigit'>): string {
  const first43 =
    parts.cUF.padStart(2, '0') +
    parts.yearMonth +
    parts.document.padStart(14, '0') +
    parts.model.padStart(2, '0') +
    parts.series.padStart(3, '0') +
    parts.number.padStart(9, '0') +
    parts.emissionType +
    parts.randomCode.padStart(8, '0');
  return first43 + String(keyCheckDigit(first43));
}

const LABELS: Record<keyof KeyParts, string> = {
  cUF: 'UF do emitente (cUF)',
  yearMonth: 'ano e mês de emissão (AAMM de dhEmi)',
  document: 'CNPJ/CPF do emitente',
  model: 'modelo (mod)',
  series: 'série',
  number: 'número (nNF)',
  emissionType: 'tipo de emissão (tpEmis)',
  randomCode: 'código numérico (cNF)',
  checkDigit: 'dígito verificador (cDV)',
};

function splitKey(key: string): KeyParts {
  return {
    cUF: key.slice(0, 2),
    yearMonth: key.slice(2, 6),
    document: key.slice(6, 20),
    model: key.slice(20, 22),
    series: key.slice(22, 25),
    number: key.slice(25, 34),
    emissionType: key.slice(34, 35),
    randomCode: key.slice(35, 43),
    checkDigit: key.slice(43, 44),
  };
}

/** What in the key disagrees with the note's own fields, in Portuguese; empty when all agree. */
export function keyDisagreements(key: string, note: KeyParts): string[] {
  const inKey = splitKey(key);
  const widths: Record<keyof KeyParts, number> = {
    cUF: 2,
    yearMonth: 4,
    document: 14,
    model: 2,
    series: 3,
    number: 9,
    emissionType: 1,
    randomCode: 8,
    checkDigit: 1,
  };
  const problems: string[] = [];
  for (const field of Object.keys(LABELS) as Array<keyof KeyParts>) {
    const expected = note[field].padStart(widths[field], '0');
    if (inKey[field] !== expected) {
      problems.push(`${LABELS[field]}: na chave ${inKey[field]}, na nota ${note[field] || '(vazio)'}`);
    }
  }
  return problems;
}
