import { describe, expect, it } from 'vitest';
import { cnpjFromBase } from '../../../../test-support/factories.ts';
import { buildNfe, manyItems, type NfeTestItem, resign } from '../../../../test-support/nfe-builder.ts';
import { readNfe } from '../../src/domain/nfe/nfe-reader.ts';
import { buildKey, hasValidCheckDigit, keyCheckDigit } from '../../src/domain/nfe/nfe-key.ts';
import { AppError } from '../../src/lib/errors.ts';
import { NFE_BUDGET, readNfeFile } from '../../src/domain/nfe/nfe-file.ts';

const bytes = (xml: string) => new TextEncoder().encode(xml);
const item: NfeTestItem = { code: 'A1', description: 'Café 500 g', quantity: '10.0000', total: '100.00' };

function refusal(xml: string | Uint8Array): AppError {
  try {
    readNfe(typeof xml === 'string' ? bytes(xml) : xml);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(422);
    return error as AppError;
  }
  throw new Error('a nota deveria ter sido recusada');
}

describe('access key', () => {
  it('computes the check digit of a real authorised key (facts §1.8)', () => {
    expect(keyCheckDigit('3518083412874500015255001000047428192000749')).toBe(8);
    expect(hasValidCheckDigit('35180834128745000152550010000474281920007498')).toBe(true);
    expect(hasValidCheckDigit('35180834128745000152550010000474281920007497')).toBe(false);
  });

  it('builds keys with an alphanumeric CNPJ (A = 17)', () => {
    const key = buildKey({
      cUF: '35',
      yearMonth: '2609',
      document: '12ABC34501DE35',
      model: '55',
      series: '1',
      number: '1',
      emissionType: '1',
      randomCode: '1',
    });
    expect(key).toHaveLength(44);
    expect(hasValidCheckDigit(key)).toBe(true);
  });
});

describe('readNfe', () => {
  it('reads an authorised nfeProc: ide, emit, items, totals, exact decimals', () => {
    const { xml, key } = buildNfe({
      items: [
        {
          code: 'CX-CAFE',
          gtin: '7891000315507',
          description: 'Café 500 g cx c/ 12',
          unit: 'CX',
          quantity: '2.0000',
          unitPrice: '120.1234567890',
          total: '240.25',
          taxUnit: 'UN',
          taxQuantity: '24.0000',
        },
      ],
    });
    const doc = readNfe(bytes(xml));
    expect(doc.accessKey).toBe(key);
    expect(doc.authorized).toBe(true);
    expect(doc.number).toBe('1234');
    expect(doc.issuedOn).toBe('2026-09-10');
    expect(doc.issuedAt).toBe('2026-09-10T13:00:00.000Z');
    expect(doc.emitter).toMatchObject({ document: '11444777000161', stateRegistration: '123456789012' });
    expect(doc.emitter.address).toMatchObject({ city: 'São Paulo', state: 'SP', zip: '01001000' });
    const [first] = doc.items;
    expect(first).toMatchObject({
      unit: 'CX',
      quantity: 2000n,
      gtin: '7891000315507',
      taxUnit: 'UN',
      taxQuantity: 24000n,
    });
    expect(first?.unitPrice).toBe(1201235n);
    expect(first?.values.product).toBe(2402500n);
    expect(doc.totals.invoice).toBe(2402500n);
  });

  it('reads a bare NFe as not authorised', () => {
    const doc = readNfe(bytes(buildNfe({ items: [item], bare: true }).xml));
    expect(doc.authorized).toBe(false);
    expect(doc.status).toBeNull();
  });

  it('reads SEM GTIN as no barcode and every rastro lot', () => {
    const lots = [
      { number: 'L1', quantity: '4.000', manufacturedOn: '2026-01-10', expiresOn: '2027-01-31' },
      { number: 'L2', quantity: '6.000', manufacturedOn: '2026-02-10', expiresOn: '2027-02-28' },
    ];
    const doc = readNfe(bytes(buildNfe({ items: [{ ...item, lots }] }).xml));
    expect(doc.items[0]?.gtin).toBeNull();
    expect(doc.items[0]?.lots).toEqual([
      { number: 'L1', quantity: 4000n, manufacturedOn: '2026-01-10', expiresOn: '2027-01-31' },
      { number: 'L2', quantity: 6000n, manufacturedOn: '2026-02-10', expiresOn: '2027-02-28' },
    ]);
  });

  // building and signing a note of 990 items, then verifying its signature, takes seconds on a loaded CI machine
  it('reads 990 items', { timeout: 60_000 }, () => {
    const doc = readNfe(bytes(buildNfe({ items: manyItems(990) }).xml));
    expect(doc.items).toHaveLength(990);
    expect(doc.items[989]?.supplierCode).toBe('P0990');
  });

  it('refuses 991 items', { timeout: 60_000 }, () => {
    expect(refusal(buildNfe({ items: manyItems(991) }).xml).message).toContain('990');
  });

  it('refuses two items with one number (nItem): one choice would serve both', () => {
    const { xml } = buildNfe({ items: [item, { ...item, code: 'A2' }, { ...item, code: 'A3' }] });
    const repeated = xml.replace('<det nItem="2">', '<det nItem="1">');
    expect(refusal(repeated).message).toBe('O número de item 1 (nItem) aparece mais de uma vez na nota.');
  });

  it('accepts an emitter with an alphanumeric CNPJ', () => {
    const cnpj = cnpjFromBase('12ABC34501DE');
    const doc = readNfe(bytes(buildNfe({ items: [item], emitter: { cnpj } }).xml));
    expect(doc.emitter.document).toBe(cnpj);
    expect(doc.accessKey.slice(6, 20)).toBe(cnpj);
  });

  it('accepts an emitter with a CPF (padded in the key)', () => {
    const doc = readNfe(bytes(buildNfe({ items: [item], emitter: { cpf: '52998224725' } }).xml));
    expect(doc.accessKey.slice(6, 20)).toBe('00052998224725');
  });

  it('refuses a wrong check digit', () => {
    const { key } = buildNfe({ items: [item] });
    const wrong = key.slice(0, 43) + String((Number(key[43]) + 1) % 10);
    expect(refusal(buildNfe({ items: [item], key: wrong, checkDigit: wrong[43] }).xml).message).toContain(
      'dígito verificador',
    );
  });

  it('says what in the key disagrees with ide', () => {
    const { key } = buildNfe({ items: [item], number: '999' });
    const error = refusal(buildNfe({ items: [item], key }).xml);
    expect(error.message).toContain('número (nNF): na chave 000000999, na nota 1234');
    const other = buildNfe({ items: [item], cUF: '41' }).key;
    expect(refusal(buildNfe({ items: [item], key: other }).xml).message).toContain('UF do emitente');
  });

  it('refuses homologação, another namespace, another version, another model, an NFC-e of entry', () => {
    expect(refusal(buildNfe({ items: [item], environment: '2' }).xml).message).toContain('homologação');
    expect(refusal(buildNfe({ items: [item], namespace: 'http://example.com/nfe' }).xml).message).toContain(
      'namespace',
    );
    expect(refusal(buildNfe({ items: [item], version: '3.10' }).xml).message).toContain('4.00');
    expect(refusal(buildNfe({ items: [item], model: '59' }).xml).message).toContain('modelo 55');
    expect(refusal(buildNfe({ items: [item], model: '65', tpNF: '0' }).xml).message).toContain(
      'NFC-e é sempre de saída',
    );
  });

  it('reads an NFC-e (model 65) issued by the business, without a destination', () => {
    const read = readNfe(
      new TextEncoder().encode(
        buildNfe({ items: [item], model: '65', emitter: { cnpj: '11222333000181' }, destination: null }).xml,
      ),
    );
    expect(read.model).toBe('65');
    expect(read.destinationParty).toBeNull();
  });

  it('refuses a DTD and entities (no XXE, no expansion)', () => {
    const xxe = buildNfe({
      items: [{ ...item, description: 'x' }],
      prolog: '<!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    }).xml.replace('<xProd>x</xProd>', '<xProd>&xxe;</xProd>');
    expect(refusal(xxe).message).toContain('DOCTYPE');
    const undeclared = buildNfe({ items: [{ ...item, description: 'x' }] }).xml.replace(
      '<xProd>x</xProd>',
      '<xProd>&lol;</xProd>',
    );
    expect(refusal(undeclared).message).toContain('XML válido');
  });

  it('stops at the first namespace past the cap: declarations on every element cost nothing more', () => {
    // 3,000 prefixes on the root and one more on each of 20,000 children: copying the scope per element took 38 s
    const prefixes = Array.from({ length: 3000 }, (_, i) => ` xmlns:p${i}="u"`).join('');
    const blowUp = `<?xml version="1.0"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe"${prefixes}>${'<b xmlns:q="v"/>'.repeat(20_000)}</nfeProc>`;
    expect(refusal(blowUp).message).toBe('O XML é grande ou aninhado demais para uma NF-e.');
    // a handful of declarations, one per element down the tree, is still an NF-e
    const nested = resign(buildNfe({ items: [item] }).xml.replace('<ide>', '<ide xmlns:x="urn:x">'));
    expect(readNfe(bytes(nested)).items).toHaveLength(1);
  });

  it('refuses an element with more attributes than any NF-e element has', () => {
    const attributes = Array.from({ length: 40 }, (_, i) => ` a${i}="1"`).join('');
    const xml = buildNfe({ items: [item] }).xml.replace('<ide>', `<ide${attributes}>`);
    expect(refusal(xml).message).toBe('O XML é grande ou aninhado demais para uma NF-e.');
  });

  it('refuses an emitter CNPJ or CPF with wrong check digits, as the supplier form does', () => {
    for (const document of ['11111111111111', '11444777000199', '00000000000', '52998224726']) {
      const xml = buildNfe({ items: [item] }).xml.replace(
        /<emit>\s*<CNPJ>[^<]*<\/CNPJ>/,
        `<emit><CNPJ>${document}</CNPJ>`,
      );
      expect(refusal(xml).message).toBe(
        `O CNPJ ou CPF do emitente (${document}) é inválido: confira os dígitos verificadores.`,
      );
    }
  });

  it('refuses what is not XML, another XML, bad decimals', () => {
    expect(refusal('não sou xml').message).toContain('XML');
    expect(refusal(new Uint8Array([0xff, 0xfe, 0x00, 0x41])).message).toContain('UTF-8');
    expect(refusal('<html><body/></html>').message).toContain('nfeProc ou NFe');
    const bad = buildNfe({ items: [item] }).xml.replace('<vProd>100.00</vProd>', '<vProd>1,00</vProd>');
    expect(refusal(bad).message).toContain('vProd do item 1');
    // a fourth decimal is valid NF-e: rounded half-up to the thousandths the ledger keeps (decision 0039)
    const fine = buildNfe({ items: [{ ...item, quantity: '1.2345' }] }).xml;
    expect(readNfe(bytes(fine)).items[0]).toMatchObject({ quantity: 1235n, quantityInFile: 12345000000n });
  });
});

describe('reading in a worker (the event loop keeps answering)', () => {
  it('gives the same document as reading in place, and the user error as it is', async () => {
    const xml = bytes(buildNfe({ items: [item, { ...item, code: 'B2' }] }).xml);
    expect(await readNfeFile(xml, NFE_BUDGET, 0)).toEqual(readNfe(xml));
    await expect(readNfeFile(bytes('não sou xml'), NFE_BUDGET, 0)).rejects.toMatchObject({
      statusCode: 422,
      message: refusal('não sou xml').message,
    });
  });

  it('ends a read that passes its time budget with a 413', { timeout: 60_000 }, async () => {
    const xml = bytes(buildNfe({ items: manyItems(990) }).xml);
    await expect(readNfeFile(xml, { ...NFE_BUDGET, timeMs: 1 }, 0)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'O XML da NF-e demorou demais para ser lido: não parece uma NF-e.',
    });
  });
});
