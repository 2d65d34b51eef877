import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCancellation, buildNfe, type NfeTestOptions } from '../../../../test-support/nfe-builder.ts';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { cnpjFor, unique } from '../factories.ts';
import { importNfe, previewNfe, setBusiness } from '../nfe-upload.ts';

// The XML signature of an NF-e (DESIGN.md §6.2 "Signature"): a note altered after it was signed, unsigned, signed by
// another company's certificate, by an expired one, or whose protocol digest differs is refused, naming what failed.

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@assinatura.com.br', 'Sara Assina');
  await setBusiness(ctx.app, cookie);
});
afterAll(() => ctx.close());

const note = (more: Partial<NfeTestOptions> = {}) =>
  buildNfe({
    items: [
      {
        code: 'FORNO',
        description: 'FORNO ELETRICO 45L',
        quantity: '1.0000',
        unitPrice: '52.32',
        total: '52.32',
      },
      { code: 'PANELA', description: 'PANELA 3L', quantity: '2.0000', unitPrice: '20.00', total: '40.00' },
    ],
    emitter: { cnpj: cnpjFor(unique() + 8100), name: `Eletro ${unique()} Ltda` },
    number: String(unique()),
    ...more,
  });

const refusal = async (xml: string) => {
  const response = await previewNfe(ctx.app, cookie, xml);
  expect(response.statusCode).toBe(422);
  expect(response.json().code).toBe('SIGNATURE_INVALID');
  return response.json().message as string;
};

describe('the signature of an NF-e', () => {
  it('verifies an untouched note and shows who signed it, the issuer and the validity', async () => {
    const untouched = note();
    const preview = await previewNfe(ctx.app, cookie, untouched.xml);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().signature).toEqual({
      verified: true,
      signer: { name: 'EMITENTE DE TESTE', document: expect.stringMatching(/^[0-9]{14}$/) },
      issuer: 'AC Teste Armazem',
      validFrom: '2020-01-01T00:00:00.000Z',
      validTo: '9999-12-31T23:59:59.000Z',
    });
  });

  it('refuses a note whose item value was changed after signing, even with its totals adjusted', async () => {
    const tampered = note({
      tamper: (xml) =>
        xml
          .replace('<vProd>52.32</vProd>', '<vProd>5232.00</vProd>')
          .replace('<vProd>92.32</vProd>', '<vProd>5272.00</vProd>')
          .replace('<vNF>92.32</vNF>', '<vNF>5272.00</vNF>'),
    });
    expect(tampered.xml).toContain('<vProd>5232.00</vProd>');
    expect(await refusal(tampered.xml)).toBe(
      'A assinatura digital da NF-e não confere: o conteúdo da nota foi alterado depois de assinado (o resumo, DigestValue, não confere).',
    );
  });

  it('refuses a note without a signature', async () => {
    expect(await refusal(note({ sign: false }).xml)).toBe(
      'A assinatura digital da NF-e não confere: a nota não tem assinatura digital (Signature).',
    );
  });

  it("refuses a signature by another company's certificate, or one not valid on the issue date", async () => {
    const other = cnpjFor(unique() + 8200);
    expect(await refusal(note({ certificate: { document: other } }).xml)).toContain(
      'o certificado que assinou não é do emitente',
    );
    const expired = note({
      certificate: {
        notBefore: new Date('2020-01-01T00:00:00Z'),
        notAfter: new Date('2025-12-31T00:00:00Z'),
      },
    });
    expect(await refusal(expired.xml)).toBe(
      'A assinatura digital da NF-e não confere: o certificado que assinou não era válido na data da assinatura (emissão).',
    );
  });

  it('refuses a protocol whose digVal differs from the signed digest, and a signature value that does not verify', async () => {
    expect(await refusal(note({ digVal: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' }).xml)).toContain(
      'digVal do protocolo',
    );
    const forged = note({
      tamper: (xml) =>
        xml.replace(/<SignatureValue>([A-Za-z0-9+/])/, (_, c) => `<SignatureValue>${c === 'A' ? 'B' : 'A'}`),
    });
    expect(await refusal(forged.xml)).toContain('não foi feita com a chave do certificado');
  });

  it('refuses an algorithm other than the NF-e profile (no substitution)', async () => {
    const sha256 = note({
      tamper: (xml) =>
        xml.replace(
          'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
          'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        ),
    });
    expect(await refusal(sha256.xml)).toContain('os algoritmos não são os da NF-e');
  });
});

describe('cancellation events (procEventoNFe)', () => {
  it('undoes an imported note when its cancellation event is uploaded; a correction letter changes nothing', async () => {
    const p = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/products/v1',
        headers: { cookie },
        payload: { sku: `CANC-${unique()}`, name: `Cancelável ${unique()}`, categoryId: 1, baseUnityId: 1 },
      })
    ).json();
    const unity = (
      await ctx.app.inject({ method: 'GET', url: `/api/products/v1/${p.id}`, headers: { cookie } })
    ).json().unities[0].id;
    const imported = note();
    const receipt = await importNfe(ctx.app, cookie, imported.xml, {
      occurredOn: '2026-09-12',
      items: [1, 2].map((item) => ({ item, productId: p.id, productUnityId: unity })),
    });
    expect(receipt.statusCode).toBe(201);

    const letter = await importNfe(
      ctx.app,
      cookie,
      buildCancellation({ key: imported.key, type: '110110' }),
      {},
    );
    expect(letter.statusCode).toBe(422);
    expect(letter.json().message).toContain('carta de correção');
    const preview = await previewNfe(ctx.app, cookie, buildCancellation({ key: imported.key }));
    expect(preview.statusCode).toBe(422);

    const cancelled = await importNfe(ctx.app, cookie, buildCancellation({ key: imported.key }), {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: receipt.json().id, undoneAt: expect.any(String) });
    const stock = (
      await ctx.app.inject({ method: 'GET', url: `/api/products/v1/${p.id}`, headers: { cookie } })
    ).json().stock;
    expect(stock.quantity).toBe('0.000');
    const again = await importNfe(ctx.app, cookie, buildCancellation({ key: imported.key }), {});
    expect(again.statusCode).toBe(404);
  });

  it('refuses an event SEFAZ did not register, or one whose signature does not verify', async () => {
    const imported = note();
    const rejected = await importNfe(
      ctx.app,
      cookie,
      buildCancellation({ key: imported.key, status: '573' }),
      {},
    );
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json().message).toContain('não registrou este cancelamento');
    const tampered = buildCancellation({ key: imported.key }).replace(
      'erro de digitacao',
      'erro de digitação!',
    );
    const forged = await importNfe(ctx.app, cookie, tampered, {});
    expect([forged.statusCode, forged.json().code]).toEqual([422, 'SIGNATURE_INVALID']);
  });
});
