import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfe, type NfeTestItem } from '../../../../test-support/nfe-builder.ts';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { cnpjFor, createProduct, defaultUnityId, unique } from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { importNfe, previewNfe, setBusiness, TEST_BUSINESS_DOCUMENT } from '../nfe-upload.ts';

// What each NF-e item means (DESIGN.md §6.2): effects by CFOP, credits by CST, whose note it is, cancelled notes.

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@efeitos.com.br', 'Edu Efeitos');
  await setBusiness(ctx.app, cookie);
});
afterAll(async () => {
  await assertLedgerInvariant(ctx.handle.db);
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const note = (
  items: NfeTestItem[],
  more: Parameters<typeof buildNfe>[0] extends infer O ? Partial<O> : never = {},
) =>
  buildNfe({
    items,
    emitter: { cnpj: cnpjFor(unique() + 7000), name: `Atacado ${unique()} Ltda` },
    number: String(unique()),
    ...more,
  });

/** A new product and its default package, for mapping items. */
async function product(overrides: Record<string, unknown> = {}) {
  const created = await createProduct(ctx.app, cookie, overrides);
  return { id: created.id as number, unity: await defaultUnityId(ctx.app, cookie, created.id) };
}

const balanceOf = async (productId: number) => {
  const body = (await get(`/api/products/v1/${productId}`)).json();
  return body.stock as { quantity: string; averageCost: string; totalValue: string };
};

describe('whose note it is', () => {
  it('refuses any NF-e until the business CNPJ is set, pointing to Configurações', async () => {
    await setBusiness(ctx.app, cookie, { businessDocument: '' });
    try {
      const xml = note([{ code: 'A', description: 'A', quantity: '1.0000', total: '1.00' }]).xml;
      const preview = await previewNfe(ctx.app, cookie, xml);
      expect(preview.statusCode).toBe(422);
      expect(preview.json()).toMatchObject({ code: 'BUSINESS_DOCUMENT_REQUIRED' });
      expect(preview.json().message).toContain('Configurações');
      const imported = await importNfe(ctx.app, cookie, xml, { items: [] });
      expect(imported.statusCode).toBe(422);
      expect(imported.json().code).toBe('BUSINESS_DOCUMENT_REQUIRED');
    } finally {
      await setBusiness(ctx.app, cookie);
    }
  });

  it('refuses a note addressed to a consumer once the CNPJ is set', async () => {
    const consumer = note([{ code: 'A', description: 'A', quantity: '1.0000', total: '1.00' }], {
      destination: { cnpj: cnpjFor(unique() + 7500) },
    });
    const preview = (await previewNfe(ctx.app, cookie, consumer.xml)).json();
    expect(preview.side).toBeNull();
    expect(preview.errors[0]).toMatch(/^A nota é destinada a .* não ao documento desta empresa/);
    const p = await product();
    const imported = await importNfe(ctx.app, cookie, consumer.xml, {
      items: [{ item: 1, productId: p.id, productUnityId: p.unity }],
    });
    expect(imported.statusCode).toBe(422);
  });

  it('reads a note the business issued as it stands: its sale is not a purchase', async () => {
    const own = note([{ code: 'A', description: 'A', quantity: '1.0000', total: '1.00', cfop: '5102' }], {
      emitter: { cnpj: TEST_BUSINESS_DOCUMENT, name: 'Mercearia Boa Vista' },
      destination: { cnpj: cnpjFor(unique() + 7600) },
    });
    const preview = (await previewNfe(ctx.app, cookie, own.xml)).json();
    expect(preview.side).toBe('issued');
    expect(preview.items[0]).toMatchObject({ effect: 'sale', position: 'own' });
    const p = await product();
    const imported = await importNfe(ctx.app, cookie, own.xml, {
      items: [{ item: 1, productId: p.id, productUnityId: p.unity }],
    });
    // a sale takes own stock out: with none, it is refused as any exit would be
    expect(imported.statusCode).toBe(409);
    expect(imported.json().code).toBe('INSUFFICIENT_STOCK');
    expect((await balanceOf(p.id)).quantity).toBe('0.000');
  });
});

describe('effects by CFOP', () => {
  it('enters a 6910 bonificação at zero by default, diluting the average; at the note value when set', async () => {
    const p = await product();
    const items: NfeTestItem[] = [
      { code: 'B1', description: 'Biscoito', quantity: '10.0000', total: '100.00', cfop: '6102' },
      { code: 'B1', description: 'Biscoito bonificação', quantity: '10.0000', total: '50.00', cfop: '6910' },
    ];
    const first = note(items);
    const preview = (await previewNfe(ctx.app, cookie, first.xml)).json();
    expect(preview.items.map((i: { effect: string }) => i.effect)).toEqual(['purchase', 'bonus_in']);
    const choices = [1, 2].map((item) => ({ item, productId: p.id, productUnityId: p.unity }));
    const imported = await importNfe(ctx.app, cookie, first.xml, {
      occurredOn: '2026-09-12',
      items: choices,
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toMatchObject({ entries: 2, totalCost: '100.0000' });
    expect(await balanceOf(p.id)).toMatchObject({ quantity: '20.000', averageCost: '5.0000' });

    await setBusiness(ctx.app, cookie, { bonusValuation: 'invoice' });
    try {
      const q = await product();
      const second = note(items);
      const more = [1, 2].map((item) => ({ item, productId: q.id, productUnityId: q.unity }));
      const again = await importNfe(ctx.app, cookie, second.xml, { occurredOn: '2026-09-12', items: more });
      expect(again.json()).toMatchObject({ totalCost: '150.0000' });
      expect(await balanceOf(q.id)).toMatchObject({ quantity: '20.000', averageCost: '7.5000' });
      const detail = (await get(`/api/stock/nfe/v1/${again.json().id}`)).json();
      expect(detail.items.map((i: { effect: string }) => i.effect)).toEqual(['purchase', 'bonus_in']);
    } finally {
      await setBusiness(ctx.app, cookie, { bonusValuation: 'zero' });
    }
  });

  it('asks for x.949 and posts nothing for an item decided as none; a CFOP override in settings decides it', async () => {
    const p = await product();
    const items: NfeTestItem[] = [
      { code: 'X', description: 'Outra entrada', quantity: '4.0000', total: '40.00', cfop: '5949' },
    ];
    const first = note(items);
    expect((await previewNfe(ctx.app, cookie, first.xml)).json().items[0].effect).toBe('ask');
    const undecided = await importNfe(ctx.app, cookie, first.xml, {
      items: [{ item: 1, productId: p.id, productUnityId: p.unity }],
    });
    expect(undecided.statusCode).toBe(422);
    expect(undecided.json().message).toBe(
      'O item 1 (CFOP 5.949) precisa que você escolha o efeito no estoque antes de importar.',
    );
    const none = await importNfe(ctx.app, cookie, first.xml, { items: [{ item: 1, effect: 'none' }] });
    expect(none.statusCode).toBe(201);
    expect(none.json()).toMatchObject({ entries: 0, totalCost: '0.0000' });
    expect((await balanceOf(p.id)).quantity).toBe('0.000');

    await setBusiness(ctx.app, cookie, { cfopEffects: { '5949': 'purchase' } });
    try {
      const second = note(items);
      expect((await previewNfe(ctx.app, cookie, second.xml)).json().items[0].effect).toBe('purchase');
      const bought = await importNfe(ctx.app, cookie, second.xml, {
        occurredOn: '2026-09-12',
        items: [{ item: 1, productId: p.id, productUnityId: p.unity }],
      });
      expect(bought.statusCode).toBe(201);
      expect(await balanceOf(p.id)).toMatchObject({ quantity: '4.000', totalValue: '40.0000' });
      const forced = await importNfe(ctx.app, cookie, note(items).xml, {
        items: [{ item: 1, productId: p.id, productUnityId: p.unity, effect: 'none' }],
      });
      expect(forced.statusCode).toBe(422);
      expect(forced.json().message).toContain('altere o efeito desse CFOP em Configurações');
    } finally {
      await setBusiness(ctx.app, cookie, { cfopEffects: {} });
    }
  });

  it('moves nothing for a complement (finNFe 2), never books a consignment as ours, and refuses a transfer', async () => {
    const p = await product();
    const complement = note([{ code: 'C', description: 'Complemento', quantity: '1.0000', total: '5.00' }], {
      finNFe: '2',
    });
    expect((await previewNfe(ctx.app, cookie, complement.xml)).json().items[0].effect).toBe('none');
    const posted = await importNfe(ctx.app, cookie, complement.xml, { items: [] });
    expect(posted.statusCode).toBe(201);
    expect(posted.json().entries).toBe(0);

    // consigned goods are the supplier's: counted apart, never in our stock (nfe-positions.test.ts has every effect)
    const consigned = note([
      { code: 'R', description: 'Item', quantity: '1.0000', total: '5.00', cfop: '5917' },
    ]);
    const held = await importNfe(ctx.app, cookie, consigned.xml, {
      items: [{ item: 1, productId: p.id, productUnityId: p.unity }],
    });
    expect(held.statusCode).toBe(201);
    expect((await balanceOf(p.id)).quantity).toBe('0.000');
    // a transfer is posted only between two of our establishments (nfe-transfers.test.ts): not to a third party
    const transfer = note(
      [{ code: 'T', description: 'Item', quantity: '1.0000', total: '5.00', cfop: '5152' }],
      {
        emitter: { cnpj: TEST_BUSINESS_DOCUMENT, name: 'Mercearia Boa Vista' },
        destination: { cnpj: cnpjFor(unique() + 7700) },
      },
    );
    const refused = await importNfe(ctx.app, cookie, transfer.xml, {
      items: [{ item: 1, productId: p.id, productUnityId: p.unity }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('entre dois estabelecimentos desta empresa');
  });

  it('refuses a note whose protocol says it was cancelled', async () => {
    const cancelled = note([{ code: 'A', description: 'A', quantity: '1.0000', total: '1.00' }], {
      status: { code: '101', reason: 'Cancelamento de NF-e homologado' },
    });
    const preview = await previewNfe(ctx.app, cookie, cancelled.xml);
    expect(preview.statusCode).toBe(422);
    expect(preview.json().message).toBe(
      'Esta NF-e foi cancelada (cStat 101: Cancelamento de NF-e homologado). Uma nota cancelada não movimenta o estoque.',
    );
  });
});

describe('credits by CST and by the business', () => {
  it('Lucro Real: no PIS/COFINS credit on CST 06; PIS and COFINS each rounded on CST 01', async () => {
    await setBusiness(ctx.app, cookie, { taxRegime: 'real' });
    try {
      const p = await product();
      const q = await product();
      const items: NfeTestItem[] = [
        { code: 'Z', description: 'Alíquota zero', quantity: '1.0000', total: '100.00', pisCst: '06' },
        { code: 'T', description: 'Tributado', quantity: '1.0000', total: '33.33', pisCst: '01' },
      ];
      const n = note(items);
      const preview = (await previewNfe(ctx.app, cookie, n.xml)).json();
      expect(preview.items[0]).toMatchObject({
        cst: { icms: '00', pis: '06', cofins: '06' },
        credits: { pis: '0.0000', cofins: '0.0000', icms: '0.0000', ipi: '0.0000' },
        totalCost: '100.0000',
      });
      // 33,33 × 1,65 % = 0,549945 → 0,5499; 33,33 × 7,6 % = 2,53308 → 2,5331
      expect(preview.items[1]).toMatchObject({
        credits: { pis: '0.5499', cofins: '2.5331' },
        totalCost: '30.2470',
      });
      const imported = await importNfe(ctx.app, cookie, n.xml, {
        occurredOn: '2026-09-12',
        items: [
          { item: 1, productId: p.id, productUnityId: p.unity },
          { item: 2, productId: q.id, productUnityId: q.unity },
        ],
      });
      const detail = (await get(`/api/stock/nfe/v1/${imported.json().id}`)).json();
      expect(detail.items[1].fiscal).toMatchObject({
        cfop: '5102',
        credits: { pis: '0.5499', cofins: '2.5331' },
      });
    } finally {
      await setBusiness(ctx.app, cookie, { taxRegime: 'simples' });
    }
  });

  it('Lucro Presumido: no ICMS credit on uso e consumo (07); IPI a credit only for an industry; vII is cost', async () => {
    await setBusiness(ctx.app, cookie, { taxRegime: 'presumido' });
    try {
      const consumption = await product({ itemType: '07' });
      const resale = await product();
      const icms = { group: 'ICMS00', cst: '00', vICMS: '18.00' };
      const items: NfeTestItem[] = [
        { code: 'U', description: 'Uso', quantity: '1.0000', total: '100.00', icms },
        {
          code: 'R',
          description: 'Revenda',
          quantity: '1.0000',
          total: '100.00',
          icms,
          ipi: '10.00',
          importDuty: '12.00',
        },
      ];
      const choices = [
        { item: 1, productId: consumption.id, productUnityId: consumption.unity },
        { item: 2, productId: resale.id, productUnityId: resale.unity },
      ];
      const imported = await importNfe(ctx.app, cookie, note(items).xml, {
        occurredOn: '2026-09-12',
        items: choices,
      });
      expect(imported.statusCode).toBe(201);
      expect((await balanceOf(consumption.id)).totalValue).toBe('100.0000');
      // 100,00 + IPI 10,00 + vII 12,00 − ICMS 18,00 (commerce: IPI stays in the cost)
      expect((await balanceOf(resale.id)).totalValue).toBe('104.0000');

      await setBusiness(ctx.app, cookie, { taxRegime: 'presumido', activity: 'industry' });
      const other = await product();
      const industry = await importNfe(ctx.app, cookie, note([items[1]!]).xml, {
        occurredOn: '2026-09-12',
        items: [{ item: 1, productId: other.id, productUnityId: other.unity }],
      });
      expect(industry.statusCode).toBe(201);
      expect((await balanceOf(other.id)).totalValue).toBe('94.0000');
    } finally {
      await setBusiness(ctx.app, cookie, { taxRegime: 'simples', activity: 'commerce' });
    }
  });
});
