import { zipSync } from 'fflate';
import { cnpjFromBase } from './factories.ts';
import { buildNfe, type NfeTestItem, type NfeTestOptions } from './nfe-builder.ts';
import { signCanonicalNfe, signNfe, testCertificate } from './nfe-signing.ts';

/**
 * A month of fiscal documents of one business, as its accountant would zip them (DESIGN.md §6.4): the NFC-e it
 * issued (model 65, cProd = our SKU, no destination, CFOP 5102) and the NF-e its suppliers sent it (model 55, the
 * supplier's own codes, the product's GTIN or none, CFOP 5102: our purchase). Deterministic: the same options give
 * the same notes, keys and file names (only the signatures change, the test key being made per process). Fast: the
 * signatures are made without a DOM (nfe-signing.ts signCanonicalNfe), ~0.5 ms a note instead of ~6 ms.
 */

export interface MonthProduct {
  sku: string;
  name?: string;
  /** the product's GTIN: a supplier's item carrying it matches the product without a mapping */
  gtin?: string | null;
  productId?: number;
}

export interface FiscalMonthOptions {
  /** the business's CNPJ: the NFC-e's emitter, the received notes' destination */
  business: string;
  businessName?: string;
  products: MonthProduct[];
  /** 'YYYY-MM' */
  month: string;
  /** how many NFC-e; each has 1 to 5 items, 3 on average over every 5 notes */
  sales: number;
  /** how many received NF-e, from `suppliers` suppliers, `purchaseItems` items each */
  purchases: number;
  suppliers?: number;
  purchaseItems?: number;
  /**
   * Every product whose index is a multiple of this comes from the suppliers without a GTIN: an unmatched code
   * (listed in `unmatched`, with the product it stands for). 0 (default): every supplier item carries the GTIN.
   */
  unmatchedEvery?: number;
  seed?: number;
}

export interface MonthFile {
  name: string;
  bytes: string | Uint8Array;
}

export interface FiscalMonth {
  files: MonthFile[];
  sales: { notes: number; items: number };
  purchases: { notes: number; items: number };
  /** units per SKU: sold on the NFC-e, bought on the received notes */
  sold: Map<string, number>;
  bought: Map<string, number>;
  /** the supplier codes that match no product by GTIN, once per (issuer, code, unit), with the SKU they stand for */
  unmatched: Array<{ issuer: string; code: string; unit: string; sku: string }>;
  suppliers: Array<{ cnpj: string; name: string }>;
}

/** mulberry32: a small seeded generator, so a month is the same month on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A GTIN-13 from a running number, with its check digit (deterministic, unlike factories.ts uniqueGtin). */
export function gtinFor(n: number): string {
  const body = `789${String(n % 1_000_000_000).padStart(9, '0')}`;
  const sum = [...body]
    .reverse()
    .reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const money = (cents: number) => (cents / 100).toFixed(2);
const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** An NF-e built unsigned and signed here: the builder's note, byte for byte, at a tenth of the cost. */
export function quickNfe(options: NfeTestOptions): { xml: string; key: string } {
  const { xml, key } = buildNfe({ ...options, sign: false });
  const start = xml.indexOf('<NFe ');
  const end = xml.indexOf('</NFe>') + '</NFe>'.length;
  const certificate = testCertificate({ document: key.slice(6, 20) });
  const nfe = xml.slice(start, end);
  const signed = signCanonicalNfe(nfe, key, certificate) ?? signNfe(nfe, key, certificate);
  const rest = xml.slice(end).replace('<digVal>dGVzdGU=</digVal>', `<digVal>${signed.digest}</digVal>`);
  return { xml: xml.slice(0, start) + signed.xml + rest, key };
}

/** The instant of the `index`-th of `count` events spread over the month: ascending, one second apart at least. */
function instant(month: string, index: number, count: number, firstHour: number): string {
  const [year = 2026, monthNumber = 1] = month.split('-').map(Number);
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const day = Math.floor((index * days) / count);
  const first = Math.ceil((day * count) / days);
  const perDay = Math.ceil(((day + 1) * count) / days) - first;
  const seconds = firstHour * 3600 + Math.floor(((index - first) * 12 * 3600) / Math.max(perDay, 1));
  const time = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  return `${month}-${pad(day + 1)}T${time}-03:00`;
}

const add = (map: Map<string, number>, sku: string, units: number) =>
  map.set(sku, (map.get(sku) ?? 0) + units);

/** 1–5 items per note, 15 over every 5 notes. */
const ITEM_CYCLE = [3, 1, 5, 2, 4];

function salesOf(options: FiscalMonthOptions, month: FiscalMonth) {
  const next = random(options.seed ?? 1);
  const { products } = options;
  for (let i = 0; i < options.sales; i++) {
    const count = Math.min(ITEM_CYCLE[i % ITEM_CYCLE.length] ?? 3, products.length);
    const first = Math.floor(next() * products.length);
    const items: NfeTestItem[] = [];
    for (let k = 0; k < count; k++) {
      const index = (first + k * 7) % products.length;
      const product = products[index] as MonthProduct;
      const quantity = 1 + Math.floor(next() * 3);
      const price = 150 + ((index * 37) % 9_850);
      add(month.sold, product.sku, quantity);
      items.push({
        code: product.sku,
        description: product.name ?? `Produto ${product.sku}`,
        ...(product.gtin ? { gtin: product.gtin } : {}),
        quantity: `${quantity}.0000`,
        unitPrice: money(price),
        total: money(price * quantity),
        cfop: '5102',
      });
    }
    const number = i + 1;
    const { xml, key } = quickNfe({
      model: '65',
      series: '1',
      number: String(number),
      randomCode: pad(10_000_000 + ((number * 7919) % 89_999_999), 8),
      issuedAt: instant(options.month, i, options.sales, 8),
      emitter: { cnpj: options.business, name: options.businessName ?? 'Mercearia Boa Vista' },
      destination: null,
      natOp: 'Venda ao consumidor',
      items,
    });
    month.files.push({ name: `NFCe${key}.xml`, bytes: xml });
    month.sales.notes += 1;
    month.sales.items += items.length;
  }
}

function purchasesOf(options: FiscalMonthOptions, month: FiscalMonth) {
  const next = random((options.seed ?? 1) + 1);
  const { products } = options;
  const perNote = Math.min(options.purchaseItems ?? 10, products.length);
  const unmatchedEvery = options.unmatchedEvery ?? 0;
  const seen = new Set<string>();
  for (let i = 0; i < options.purchases; i++) {
    const supplierIndex = i % month.suppliers.length;
    const supplier = month.suppliers[supplierIndex] as { cnpj: string; name: string };
    const first = Math.floor(next() * products.length);
    const items: NfeTestItem[] = [];
    for (let k = 0; k < perNote; k++) {
      const index = (first + k * 13) % products.length;
      const product = products[index] as MonthProduct;
      const quantity = 12 * (1 + Math.floor(next() * 4));
      const cost = 100 + ((index * 29) % 6_000);
      const code = `F${supplierIndex + 1}-${pad(index + 1, 6)}`;
      const unmatched = !product.gtin || (unmatchedEvery > 0 && index % unmatchedEvery === 0);
      if (unmatched && !seen.has(`${supplier.cnpj}|${code}`)) {
        seen.add(`${supplier.cnpj}|${code}`);
        month.unmatched.push({ issuer: supplier.cnpj, code, unit: 'UN', sku: product.sku });
      }
      add(month.bought, product.sku, quantity);
      items.push({
        code,
        description: `${(product.name ?? product.sku).toUpperCase()} REF ${code}`,
        ...(unmatched ? {} : { gtin: product.gtin as string }),
        quantity: `${quantity}.0000`,
        unitPrice: money(cost),
        total: money(cost * quantity),
        cfop: '5102',
      });
    }
    const number = Math.floor(i / month.suppliers.length) + 1;
    const { xml, key } = quickNfe({
      model: '55',
      series: '1',
      number: String(number),
      randomCode: pad(20_000_000 + ((number * 104_729) % 79_999_999), 8),
      issuedAt: instant(options.month, i, options.purchases, 7),
      emitter: supplier,
      destination: { cnpj: options.business, name: options.businessName ?? 'Mercearia Boa Vista' },
      items,
    });
    month.files.push({ name: `NFe${key}.xml`, bytes: xml });
    month.purchases.notes += 1;
    month.purchases.items += items.length;
  }
}

/** The month's documents: the NFC-e first, then the received NF-e (an accountant's zip has no order to rely on). */
export function fiscalMonth(options: FiscalMonthOptions): FiscalMonth {
  if (options.products.length === 0) throw new Error('fiscalMonth: informe ao menos um produto');
  const suppliers = Array.from({ length: options.suppliers ?? 4 }, (_, j) => ({
    cnpj: cnpjFromBase(`${pad(61_000_000 + j * 1_111, 8)}0001`),
    name: `Fornecedor ${j + 1} Distribuidora Ltda`,
  }));
  const month: FiscalMonth = {
    files: [],
    sales: { notes: 0, items: 0 },
    purchases: { notes: 0, items: 0 },
    sold: new Map(),
    bought: new Map(),
    unmatched: [],
    suppliers,
  };
  salesOf(options, month);
  purchasesOf(options, month);
  return month;
}

/** One .zip of the files (fflate), as an accountant sends the month; `level` 0 stores them. */
export function zipDocuments(files: MonthFile[], level: 0 | 1 | 6 | 9 = 6): Uint8Array {
  const encoder = new TextEncoder();
  const entries: Record<string, Uint8Array> = {};
  for (const file of files)
    entries[file.name] = typeof file.bytes === 'string' ? encoder.encode(file.bytes) : file.bytes;
  return zipSync(entries, { level, mtime: new Date('2026-01-01T12:00:00Z') });
}
