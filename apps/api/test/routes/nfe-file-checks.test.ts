import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfe, type NfeTestItem } from '../../../../test-support/nfe-builder.ts';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { cnpjFor, createProduct, unique, unityId } from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { importNfe, previewNfe, setBusiness } from '../nfe-upload.ts';

// What the reader takes and refuses in a note's file (docs/decisions/0039): a fourth decimal in qCom, denied
// notes, broken structure, the maximum of a movement, and the file size limit.

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@conferencia.com.br', 'Caio Confere');
  await setBusiness(ctx.app, cookie);
});
afterAll(async () => {
  await assertLedgerInvariant(ctx.handle.db);
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const note = (items: NfeTestItem[], options: { authorized?: boolean } = {}) =>
  buildNfe({
    items,
    emitter: { cnpj: cnpjFor(unique() + 9000), name: `Fornecedor ${unique()} Ltda` },
    number: String(unique()),
    ...options,
  });
const one: NfeTestItem = { code: 'A', description: 'ARROZ', quantity: '1.0000', total: '10.00' };

async function refused(xml: string) {
  const preview = await previewNfe(ctx.app, cookie, xml);
  expect(preview.statusCode, preview.body).toBe(422);
  return preview.json().message as string;
}

async function productUnity() {
  const product = await createProduct(ctx.app, cookie, { name: `Produto ${unique()}` });
  const productUnityId = (await get(`/api/products/v1/${product.id}`)).json().unities[0].id as number;
  return { productId: product.id as number, productUnityId };
}

describe('qCom with a fourth decimal', () => {
  it('is rounded half-up to thousandths with a warning on the item; the entry keeps the exact cost', async () => {
    const kg = await unityId(ctx.app, cookie, 'KG');
    const nota = note([
      {
        code: 'QJ',
        description: 'QUEIJO KG',
        unit: 'KG',
        quantity: '1.2345',
        unitPrice: '10.00',
        total: '12.35',
      },
      { code: 'AR', description: 'ARROZ', quantity: '2.0000', total: '20.00' },
    ]);
    const preview = await previewNfe(ctx.app, cookie, nota.xml);
    expect(preview.statusCode, preview.body).toBe(200);
    const [cheese, rice] = preview.json().items;
    expect(cheese).toMatchObject({
      quantity: '1.235',
      totalCost: '12.3500',
      warnings: ['Quantidade 1,2345 KG arredondada para 1,235 KG: o Armazém guarda até 3 casas decimais.'],
    });
    expect(rice.warnings).toEqual([]);

    const rest = await productUnity();
    const sku = `QJ-${unique()}`;
    const imported = await importNfe(ctx.app, cookie, nota.xml, {
      items: [
        { item: 1, create: { sku, name: 'Queijo', categoryId: 1, baseUnityId: kg } },
        { item: 2, ...rest },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const detail = (await get(`/api/stock/nfe/v1/${imported.json().id}`)).json();
    expect(detail.items[0]).toMatchObject({ quantity: '1.235', totalCost: '12.3500' });
    expect(detail.ledger[0]).toMatchObject({
      quantity: '1.235',
      baseQuantity: '1.235',
      totalCost: '12.3500',
    });
  });

  it('refuses a fifth decimal, which the NF-e layout does not allow, naming the item', async () => {
    const xml = note([one, { ...one, code: 'B', quantity: '10.123456', total: '10.12' }]).xml;
    expect(await refused(xml)).toBe(
      'O valor 10.123456 em qCom do item 2 tem mais de 4 casas decimais, o que o Armazém não guarda.',
    );
  });

  it('refuses an item that rounds to zero, naming it', async () => {
    const xml = note([one, { ...one, code: 'B', unit: 'KG', quantity: '0.0004', total: '0.01' }]).xml;
    expect(await refused(xml)).toBe(
      'A quantidade (qCom) do item 2, 0,0004 KG, fica zero arredondada para 3 casas decimais, o máximo que o Armazém guarda: esse item não pode entrar no estoque.',
    );
  });
});

describe('the SEFAZ status', () => {
  const withStatus = (xml: string, cStat: string, reason: string) =>
    xml.replace(
      '<cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo>',
      `<cStat>${cStat}</cStat><xMotivo>${reason}</xMotivo>`,
    );

  it('refuses a denied note in the preview and the import, even when an unauthorised one is accepted', async () => {
    const target = await productUnity();
    const before = (await get('/api/stock/nfe/v1')).json().total;
    for (const cStat of ['110', '205', '301', '302', '303']) {
      const xml = withStatus(note([one]).xml, cStat, 'Uso Denegado');
      const message = `A SEFAZ denegou o uso desta NF-e (cStat ${cStat}: Uso Denegado). Uma nota denegada não tem valor fiscal e não pode entrar no estoque.`;
      expect(await refused(xml)).toBe(message);
      const imported = await importNfe(ctx.app, cookie, xml, {
        acceptUnauthorized: true,
        items: [{ item: 1, ...target }],
      });
      expect([imported.statusCode, imported.json().message]).toEqual([422, message]);
    }
    expect((await get('/api/stock/nfe/v1')).json().total).toBe(before);
  });

  it('takes 150 (authorised out of deadline) as authorised; another status still only warns', async () => {
    const late = (
      await previewNfe(ctx.app, cookie, withStatus(note([one]).xml, '150', 'Autorizado fora de prazo'))
    ).json();
    expect([late.authorized, late.warnings]).toEqual([true, []]);
    const other = (
      await previewNfe(ctx.app, cookie, withStatus(note([one]).xml, '204', 'Duplicidade de NF-e'))
    ).json();
    expect(other.authorized).toBe(false);
    expect(other.warnings[0]).toContain('autorização de uso da SEFAZ');
  });
});

describe('a broken structure', () => {
  it('refuses an nfeProc with two NF-e', async () => {
    const { xml } = note([one]);
    const nfe = xml.slice(xml.indexOf('<NFe '), xml.indexOf('</NFe>') + '</NFe>'.length);
    expect(await refused(xml.replace(nfe, nfe + nfe))).toBe(
      'O nfeProc contém 2 NF-e (elementos NFe); o XML de distribuição traz uma só nota. Envie um arquivo por nota.',
    );
  });

  it('refuses an item number that is not 1 to 990, or repeated, naming the item', async () => {
    const { xml } = note([one, { ...one, code: 'B' }, { ...one, code: 'C' }]);
    for (const wrong of ['0', '991', '02', '2.0', 'dois', '-2', '']) {
      expect(await refused(xml.replace('<det nItem="2">', `<det nItem="${wrong}">`))).toBe(
        `O 2º item da nota (det) tem nItem "${wrong}": deve ser um número inteiro de 1 a 990.`,
      );
    }
    expect(await refused(xml.replace('<det nItem="3">', '<det>'))).toBe(
      'O 3º item da nota (det) não tem o número de item (nItem): deve ser um número inteiro de 1 a 990.',
    );
    expect(await refused(xml.replace('<det nItem="3">', '<det nItem="1">'))).toBe(
      'O número de item 1 (nItem) aparece mais de uma vez na nota.',
    );
  });

  it('refuses an infNFe Id that is not "NFe" and the 44-position key', async () => {
    const { xml, key } = note([one]);
    expect(await refused(xml.replace(`Id="NFe${key}"`, `Id="${key}"`))).toBe(
      `O atributo Id de infNFe deve ser "NFe" seguido da chave de acesso; a nota traz "${key}".`,
    );
    expect(await refused(xml.replace(`Id="NFe${key}"`, `Id="NFE${key}"`))).toContain(
      'deve ser "NFe" seguido',
    );
    expect(await refused(xml.replace(`Id="NFe${key}"`, `Id="NFe${key}0"`))).toBe(
      'A chave de acesso (atributo Id de infNFe) não tem 44 posições no formato da NF-e.',
    );
  });
});

describe('the maximum quantity of a movement', () => {
  it('refuses an item over 1.000.000 as a manual entry does, and writes nothing', async () => {
    const target = await productUnity();
    const manual = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock/in/v1',
      headers: { cookie },
      payload: { ...target, quantity: 2_000_000, unitCost: 1 },
    });
    expect(manual.statusCode).toBe(400);
    expect(manual.json().message).toContain('no máximo 1.000.000');

    const big = {
      code: 'BIG',
      description: 'GRAOS',
      quantity: '2000000.0000',
      unitPrice: '0.01',
      total: '20000.00',
    };
    const nota = note([one, big]);
    const message = 'A quantidade (qCom) do item 2 deve ser no máximo 1.000.000: a nota traz 2.000.000 UN.';
    expect(await refused(nota.xml)).toBe(message);
    const sku = `BIG-${unique()}`;
    const imported = await importNfe(ctx.app, cookie, nota.xml, {
      items: [
        { item: 1, ...target },
        {
          item: 2,
          create: { sku, name: 'Grãos', categoryId: 1, baseUnityId: await unityId(ctx.app, cookie, 'UN') },
        },
      ],
    });
    expect([imported.statusCode, imported.json().message]).toEqual([422, message]);
    expect((await get(`/api/products/v1?q=${sku}`)).json().total).toBe(0);
    expect((await get(`/api/products/v1/${target.productId}`)).json().stockQuantity).toBe('0.000');

    const atMost = note([{ ...big, quantity: '1000000.0000', total: '10000.00' }]);
    expect((await previewNfe(ctx.app, cookie, atMost.xml)).statusCode).toBe(200);
  });
});

describe('the file size limit', () => {
  it('says 5 MB even when the file fills the limit exactly at the end of a chunk', async () => {
    const boundary = 'limite-nfe';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="xml"; filename="nota.xml"\r\nContent-Type: application/xml\r\n\r\n`;
    async function* body() {
      // the first chunk ends exactly at 5 MB of the file: the excess is only seen in the next one
      yield Buffer.concat([Buffer.from(head), Buffer.alloc(5 * 1024 * 1024, 32)]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      yield Buffer.alloc(5 * 1024 * 1024 + 300_000, 32);
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock/nfe/v1/preview',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
    });
    expect([response.statusCode, response.json()]).toEqual([
      413,
      { code: 'PAYLOAD_TOO_LARGE', message: 'Arquivo grande demais: o limite do XML da NF-e é 5 MB.' },
    ]);
  });
});
