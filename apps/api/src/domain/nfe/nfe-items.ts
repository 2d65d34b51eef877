import { child, children, path, textOf, unprocessable, type XmlElement } from './xml-tree.ts';
import { money, quantity, readDate, readDecimal } from './nfe-values.ts';

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
  /** cEAN, null for `SEM GTIN` or empty */
  gtin: string | null;
  description: string;
  ncm: string | null;
  cest: string | null;
  cfop: string | null;
  unit: string;
  quantity: bigint;
  /** vUnCom at R$ 0,0001 (half-up: the file may carry 10 decimals) */
  unitPrice: bigint;
  taxUnit: string | null;
  taxQuantity: bigint | null;
  /** the ICMS group's element name (ICMS00, ICMSSN101, …) and its CST or CSOSN */
  icmsGroup: string | null;
  icmsCode: string | null;
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
  };
}

function readItem(det: XmlElement, position: number): NfeItem & { hasIcmsSt: boolean } {
  const itemNumber = Number(det.attributes.nItem ?? position);
  const label = `item ${itemNumber}`;
  const prod = child(det, 'prod');
  if (!prod) throw unprocessable(`O ${label} da nota não tem o grupo prod.`);
  const required = (name: string) => {
    const value = textOf(prod, name);
    if (value === null) throw unprocessable(`O ${label} da nota não tem ${name}.`);
    return value;
  };
  const at = (name: string) => `${name} do ${label}`;
  const { hasIcmsSt, icmsGroup, icmsCode, ...taxes } = readTaxes(child(det, 'imposto'), label);
  const qTrib = textOf(prod, 'qTrib');
  const item = {
    item: Number.isInteger(itemNumber) && itemNumber > 0 ? itemNumber : position,
    supplierCode: required('cProd').slice(0, 60),
    gtin: gtinOf(textOf(prod, 'cEAN')),
    description: required('xProd').slice(0, 200),
    ncm: textOf(prod, 'NCM'),
    cest: textOf(prod, 'CEST'),
    cfop: textOf(prod, 'CFOP'),
    unit: required('uCom').slice(0, 6).toUpperCase(),
    quantity: quantity(required('qCom'), at('qCom')),
    unitPrice: readDecimal(textOf(prod, 'vUnCom'), { label: at('vUnCom'), scale: 4, round: true }),
    taxUnit: textOf(prod, 'uTrib')?.slice(0, 6).toUpperCase() ?? null,
    // qTrib only informs the package proposal: more than three decimals are rounded, not refused
    taxQuantity: qTrib ? readDecimal(qTrib, { label: at('qTrib'), scale: 3, round: true }) : null,
    icmsGroup,
    icmsCode,
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
  if (item.quantity <= 0n) throw unprocessable(`A quantidade (qCom) do ${label} deve ser maior que zero.`);
  return item;
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
