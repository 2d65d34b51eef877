import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fiscalMonth, gtinFor, quickNfe, zipDocuments } from '../../../../test-support/fiscal-month.ts';
import { buildNfe } from '../../../../test-support/nfe-builder.ts';
import { readFiscalXml, type NfeDocument } from '../../src/domain/nfe/nfe-reader.ts';
import { documentKind } from '@armazem/contracts/documents';

const BUSINESS = '11222333000181';
const products = Array.from({ length: 12 }, (_, i) => ({
  sku: `SKU-${i + 1}`,
  name: `Feijão Tipo ${i + 1} 1 kg`,
  gtin: i === 5 ? null : gtinFor(i + 1),
}));
const month = fiscalMonth({
  business: BUSINESS,
  products,
  month: '2026-10',
  sales: 40,
  purchases: 6,
  unmatchedEvery: 4,
});
const read = (xml: string | Uint8Array) => {
  const result = readFiscalXml(typeof xml === 'string' ? new TextEncoder().encode(xml) : xml);
  if (result.kind !== 'note') throw new Error('esperava uma nota');
  return result.doc;
};
const docs = month.files.map((file) => ({ name: file.name, doc: read(file.bytes) }));
const sales = docs.filter(({ doc }) => doc.model === '65').map(({ doc }) => doc);
const received = docs.filter(({ doc }) => doc.model === '55').map(({ doc }) => doc);

describe('a month of documents (test-support/fiscal-month.ts)', () => {
  it('signs as the builder does, byte for byte', () => {
    const options = {
      model: '65',
      destination: null,
      emitter: { cnpj: BUSINESS },
      items: [
        { code: 'A1', description: 'Café 500 g', quantity: '2.0000', unitPrice: '3.50', total: '7.00' },
      ],
    };
    expect(quickNfe(options).xml).toBe(buildNfe(options).xml);
  });

  it('issues NFC-e of 1 to 5 items by SKU, spread over the month in order, every signature verified', () => {
    expect(month.sales).toEqual({ notes: 40, items: 120 });
    expect(sales).toHaveLength(40);
    for (const doc of sales) {
      expect(doc.signature.verified).toBe(true);
      expect(doc.emitter.document).toBe(BUSINESS);
      expect(doc.destination.document).toBeNull();
      expect(doc.items.length).toBeGreaterThanOrEqual(1);
      expect(doc.items.length).toBeLessThanOrEqual(5);
      for (const item of doc.items) {
        expect(products.map((p) => p.sku)).toContain(item.supplierCode);
        expect(item.cfop).toBe('5102');
        expect(item.quantity % 1000n).toBe(0n);
      }
    }
    const instants = sales.map((doc) => doc.issuedAt);
    expect(new Set(instants).size).toBe(40);
    expect([...instants].sort()).toEqual(instants);
    expect(sales.map((doc) => Number(doc.number))).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(sales[0]?.issuedOn).toBe('2026-10-01');
    expect(sales.at(-1)?.issuedOn).toBe('2026-10-31');
  });

  it('receives NF-e from valid CNPJs, matched by GTIN or listed as unmatched', () => {
    expect(received).toHaveLength(6);
    const unmatched = new Set(month.unmatched.map((u) => `${u.issuer}|${u.code}`));
    for (const doc of received as NfeDocument[]) {
      expect(doc.signature.verified).toBe(true);
      expect(documentKind(doc.emitter.document)).toBe('cnpj');
      expect(doc.destination.document).toBe(BUSINESS);
      for (const item of doc.items)
        expect(item.gtin === null).toBe(unmatched.has(`${doc.emitter.document}|${item.supplierCode}`));
    }
    expect(month.unmatched.map((u) => u.sku)).toContain('SKU-6');
  });

  it('counts what it sold and bought, and zips the files under their keys', () => {
    const units = (docsOf: NfeDocument[]) =>
      docsOf.flatMap((doc) => doc.items).reduce((sum, item) => sum + Number(item.quantity / 1000n), 0);
    expect([...month.sold.values()].reduce((a, b) => a + b, 0)).toBe(units(sales));
    expect([...month.bought.values()].reduce((a, b) => a + b, 0)).toBe(units(received));
    const files = unzipSync(zipDocuments(month.files));
    expect(Object.keys(files)).toEqual(month.files.map((file) => file.name));
    expect(docs.every(({ name, doc }) => name.endsWith(`${doc.accessKey}.xml`))).toBe(true);
    expect(read(files[month.files[0]!.name]!).accessKey).toBe(sales[0]?.accessKey);
  });

  it('is the same month on every call', () => {
    const again = fiscalMonth({
      business: BUSINESS,
      products,
      month: '2026-10',
      sales: 40,
      purchases: 6,
      unmatchedEvery: 4,
    });
    expect(again.files.map((file) => file.name)).toEqual(month.files.map((file) => file.name));
  });
});
