import { formatBrazilian, formatQuantityBR } from '@armazem/contracts/decimal';
import { MAX_QUANTITY } from '@armazem/contracts/numbers';
import { child, children, path, textOf, unprocessable, type XmlElement } from '../../lib/uploads/xml-tree.ts';
import { FILE_SCALE, money, quantity, readDate, readDecimal, roundedQuantity } from './nfe-values.ts';

/** One `det` of the note, with the values the cost formulas read (R$ at 0,0001; quantities in thousandths). */
export interface NfeItemValues {
  product: bigint;
  discount: bigint;
  freight: bigint;
  insurance: bigint;
  other: bigint;
  ipi: bigint;
  icms: bigint;
  icmsSt: bigint;
  fcpSt: bigint;
  /** vCredICMSSN of a Simples Nacional supplier's group */
  snCredit: bigint;
  /** vII, the import duty of an import note: part of the cost (CPC 16 item 11) */
  importDuty: bigint;
}

export interface NfeLot {
  number: string;
  quantity: bigint;
  manufacturedOn: string | null;
  expiresOn: string | null;
}

export interface NfeItem {
  item: number;
  supplierCode: string;
  /** cEAN (GTIN of the commercial unit, uCom), null for `SEM GTIN` or empty */
  gtin: string | null;
  /** cEANTrib (GTIN of the taxable unit, uTrib), likewise */
  taxGtin: string | null;
  description: string;
  ncm: string | null;
  cest: string | null;
  cfop: string | null;
  unit: string;
  /** qCom at thousandths (half-up when the file has a fourth decimal) */
  quantity: bigint;
  /** qCom as the file wrote it (at FILE_SCALE), when `quantity` is rounded from it */
  quantityInFile: bigint | null;
  /** vUnCom at R$ 0,0001 (half-up: the file may carry 10 decimals) */
  unitPrice: bigint;
  taxUnit: string | null;
  taxQuantity: bigint | null;
  /** the ICMS group's element name (ICMS00, ICMSSN101, …) and its CST or CSOSN */
  icmsGroup: string | null;
  icmsCode: string | null;
  /** the CST of the item's PIS and COFINS groups (PISAliq, PISNT, …), null when the note has none */
  pisCode: string | null;
  cofinsCode: string | null;
  values: NfeItemValues;
  lots: NfeLot[];
}

export const MAX_ITEMS = 990;

function gtinOf(text: string | null): string | null {
  if (!text || text.toUpperCase() === 'SEM GTIN') return null;
  return /^[0-9]{8,14}$/.test(text) ? text : null;
}

function readLots(prod: XmlElement, label: string): NfeLot[] {
  return children(prod, 'rastro').map((rastro, index) => {
    const where = `lote ${index + 1} do ${label}`;
    const number = textOf(rastro, 'nLote');
    if (!number) throw unprocessable(`O ${where} não tem número (nLote).`);
    return {
      number: number.slice(0, 20),
      quantity: quantity(textOf(rastro, 'qLote'), `qLote do ${where}`),
      manufacturedOn: readDate(textOf(rastro, 'dFab'), `dFab do ${where}`),
      expiresOn: readDate(textOf(rastro, 'dVal'), `dVal do ${where}`),
    };
  });
}

/** The CST of a PIS or COFINS group: its one child (PISAliq, PISQtde, PISNT, PISOutr, …) carries it. */
const contributionCode = (imposto: XmlElement | null, name: 'PIS' | 'COFINS') =>
  textOf(child(imposto, name)?.children[0] ?? null, 'CST');

function readTaxes(imposto: XmlElement | null, label: string) {
  const icmsGroup = child(imposto, 'ICMS')?.children[0] ?? null;
  const ipiTrib = path(imposto, 'IPI', 'IPITrib');
  const at = (name: string) => `${name} do ${label}`;
  return {
    icmsGroup: icmsGroup?.name ?? null,
    icmsCode: textOf(icmsGroup, 'CST') ?? textOf(icmsGroup, 'CSOSN'),
    hasIcmsSt: textOf(icmsGroup, 'vICMSST') !== null,
    icms: money(textOf(icmsGroup, 'vICMS'), at('vICMS')),
    icmsSt: money(textOf(icmsGroup, 'vICMSST'), at('vICMSST')),
    fcpSt: money(textOf(icmsGroup, 'vFCPST'), at('vFCPST')),
    snCredit: money(textOf(icmsGroup, 'vCredICMSSN'), at('vCredICMSSN')),
    ipi: money(textOf(ipiTrib, 'vIPI'), at('vIPI')),
    importDuty: money(textOf(child(imposto, 'II'), 'vII'), at('vII')),
    pisCode: contributionCode(imposto, 'PIS'),
    cofinsCode: contributionCode(imposto, 'COFINS'),
  };
}

/** nItem as the schema has it: an integer 1–990 (no sign, no leading zero), the item's name in every message. */
function itemNumber(det: XmlElement, position: number): number {
  const text = det.attributes.nItem;
  if (text === undefined || !/^[1-9][0-9]{0,2}$/.test(text) || Number(text) > MAX_ITEMS) {
    const found =
      text === undefined ? 'não tem o número de item (nItem)' : `tem nItem "${text.slice(0, 20)}"`;
    throw unprocessable(`O ${position}º item da nota (det) ${found}: deve ser um número inteiro de 1 a 990.`);
  }
  return Number(text);
}

/** qCom kept at thousandths: more than zero once rounded, and at most a movement's maximum (as a manual entry). */
function commercialQuantity(text: string, unit: string, label: string) {
  const { value, inFile } = roundedQuantity(text, `qCom do ${label}`);
  if (value <= 0n && inFile !== null) {
    throw unprocessable(
      `A quantidade (qCom) do ${label}, ${formatBrazilian(inFile, FILE_SCALE)} ${unit}, fica zero arredondada para 3 casas decimais, o máximo que o Armazém guarda: esse item não pode entrar no estoque.`,
    );
  }
  if (value <= 0n) throw unprocessable(`A quantidade (qCom) do ${label} deve ser maior que zero.`);
  if (value > MAX_QUANTITY) {
    throw unprocessable(
      `A quantidade (qCom) do ${label} deve ser no máximo ${formatQuantityBR(MAX_QUANTITY)}: a nota traz ${formatQuantityBR(value)} ${unit}.`,
    );
  }
  return { quantity: value, quantityInFile: inFile };
}

function readItem(det: XmlElement, position: number): NfeItem & { hasIcmsSt: boolean } {
  const item = itemNumber(det, position);
  const label = `item ${item}`;
  const prod = child(det, 'prod');
  if (!prod) throw unprocessable(`O ${label} da nota não tem o grupo prod.`);
  const required = (name: string) => {
    const value = textOf(prod, name);
    if (value === null) throw unprocessable(`O ${label} da nota não tem ${name}.`);
    return value;
  };
  const at = (name: string) => `${name} do ${label}`;
  const { hasIcmsSt, icmsGroup, icmsCode, pisCode, cofinsCode, ...taxes } = readTaxes(
    child(det, 'imposto'),
    label,
  );
  const qTrib = textOf(prod, 'qTrib');
  const unit = required('uCom').slice(0, 6).toUpperCase();
  return {
    item,
    supplierCode: required('cProd').slice(0, 60),
    gtin: gtinOf(textOf(prod, 'cEAN')),
    taxGtin: gtinOf(textOf(prod, 'cEANTrib')),
    description: required('xProd').slice(0, 200),
    ncm: textOf(prod, 'NCM'),
    cest: textOf(prod, 'CEST'),
    cfop: textOf(prod, 'CFOP'),
    unit,
    ...commercialQuantity(required('qCom'), unit, label),
    unitPrice: readDecimal(textOf(prod, 'vUnCom'), { label: at('vUnCom'), scale: 4, round: true }),
    taxUnit: textOf(prod, 'uTrib')?.slice(0, 6).toUpperCase() ?? null,
    // qTrib only informs the package proposal: more than three decimals are rounded, not refused
    taxQuantity: qTrib ? readDecimal(qTrib, { label: at('qTrib'), scale: 3, round: true }) : null,
    icmsGroup,
    icmsCode,
    pisCode,
    cofinsCode,
    hasIcmsSt,
    values: {
      product: money(required('vProd'), at('vProd')),
      discount: money(textOf(prod, 'vDesc'), at('vDesc')),
      freight: money(textOf(prod, 'vFrete'), at('vFrete')),
      insurance: money(textOf(prod, 'vSeg'), at('vSeg')),
      other: money(textOf(prod, 'vOutro'), at('vOutro')),
      ...taxes,
    },
    lots: readLots(prod, label),
  };
}

/** Every `det` of infNFe, 1 to 990, in file order. */
export function readItems(infNFe: XmlElement): Array<NfeItem & { hasIcmsSt: boolean }> {
  const dets = children(infNFe, 'det');
  if (dets.length === 0) throw unprocessable('A nota não tem itens (det).');
  if (dets.length > MAX_ITEMS)
    throw unprocessable(`A nota tem ${dets.length} itens; o máximo de uma NF-e é 990.`);
  const items = dets.map((det, index) => readItem(det, index + 1));
  // each item is chosen and answered by its number: two with one number would be one choice for both
  const seen = new Set<number>();
  for (const { item } of items) {
    if (seen.has(item))
      throw unprocessable(`O número de item ${item} (nItem) aparece mais de uma vez na nota.`);
    seen.add(item);
  }
  return items;
}

export interface NfeTotals {
  products: bigint;
  discount: bigint;
  freight: bigint;
  insurance: bigint;
  other: bigint;
  ipi: bigint;
  icmsSt: bigint;
  fcpSt: bigint;
  invoice: bigint;
}

export function readTotals(infNFe: XmlElement): NfeTotals {
  const tot = path(infNFe, 'total', 'ICMSTot');
  if (!tot) throw unprocessable('A nota não tem os totais (total/ICMSTot).');
  const value = (name: string) => money(textOf(tot, name), `${name} dos totais`);
  return {
    products: value('vProd'),
    discount: value('vDesc'),
    freight: value('vFrete'),
    insurance: value('vSeg'),
    other: value('vOutro'),
    ipi: value('vIPI'),
    icmsSt: value('vST'),
    fcpSt: value('vFCPST'),
    invoice: value('vNF'),
  };
}
