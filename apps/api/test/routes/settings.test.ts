import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, createOperator, type TestContext } from '../helper.ts';
import { cnpjFor } from '../factories.ts';
import { pdfPages } from '../pdf-text.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ({ ctx, cookie: admin } = await appWithAdmin('admin@configuracoes.com.br'));
});
afterAll(async () => ctx.close());

const put = (payload: Record<string, unknown>, cookie = admin) =>
  ctx.app.inject({ method: 'PUT', url: '/api/settings/v1', headers: { cookie }, payload });

const stored = async (key: string) =>
  (await ctx.handle.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())
    ?.value;

describe('business settings (issue 8 item 3)', () => {
  it('starts with no document, no state registration and the Simples Nacional regime', async () => {
    const response = await ctx.app.inject({ url: '/api/settings/v1', headers: { cookie: admin } });
    expect(response.json()).toMatchObject({
      businessDocument: '',
      businessStateRegistration: '',
      taxRegime: 'simples',
    });
  });

  it('refuses documents that are not a CNPJ or CPF with valid check digits', async () => {
    for (const businessDocument of [
      '123',
      '12.345.678/0001-00',
      '11.111.111/1111-11',
      '529.982.247-26',
      'ABC',
    ]) {
      const response = await put({ businessName: 'Loja', businessDocument });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        issues: [
          { path: 'businessDocument', message: 'CNPJ ou CPF inválido: confira os dígitos verificadores.' },
        ],
      });
    }
  });

  it('stores CNPJ (numeric and alphanumeric) and CPF without punctuation and shows them masked', async () => {
    const numeric = cnpjFor(4242);
    const cases = [
      {
        typed: `${numeric.slice(0, 2)}.${numeric.slice(2, 5)}.${numeric.slice(5, 8)}/${numeric.slice(8, 12)}-${numeric.slice(12)}`,
        kept: numeric,
      },
      { typed: '12.abc.345/01de-35', kept: '12ABC34501DE35' },
      { typed: '529 982 247 25', kept: '52998224725' },
    ];
    for (const { typed, kept } of cases) {
      const response = await put({ businessName: 'Loja', businessDocument: typed });
      expect(response.statusCode).toBe(200);
      expect(await stored('businessDocument')).toBe(kept);
      const masked =
        kept.length === 14
          ? `${kept.slice(0, 2)}.${kept.slice(2, 5)}.${kept.slice(5, 8)}/${kept.slice(8, 12)}-${kept.slice(12)}`
          : `${kept.slice(0, 3)}.${kept.slice(3, 6)}.${kept.slice(6, 9)}-${kept.slice(9)}`;
      expect(response.json().businessDocument).toBe(masked);
    }
  });

  it('takes the state registration (digits or ISENTO) and the tax regime', async () => {
    const saved = await put({
      businessName: 'Mercado Central',
      businessDocument: '12.ABC.345/01DE-35',
      businessStateRegistration: '110.042.490.114',
      taxRegime: 'presumido',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      businessName: 'Mercado Central',
      businessDocument: '12.ABC.345/01DE-35',
      businessStateRegistration: '110042490114',
      businessAddress: '',
      taxRegime: 'presumido',
      activity: 'commerce',
      bonusValuation: 'zero',
      cfopEffects: {},
      accountant: { name: '', cpf: '', crc: '', email: '', cityCode: '' },
      efdProfile: 'A',
      timeZone: 'America/Sao_Paulo',
    });
    expect(
      (
        await put({ businessName: 'Mercado Central', businessStateRegistration: 'isento', taxRegime: 'real' })
      ).json(),
    ).toMatchObject({
      businessStateRegistration: 'ISENTO',
      taxRegime: 'real',
    });
    for (const [field, value, message] of [
      [
        'businessStateRegistration',
        'ABC123',
        'Inscrição estadual inválida: informe só os números (até 14) ou ISENTO.',
      ],
      [
        'businessStateRegistration',
        '1'.repeat(15),
        'Inscrição estadual inválida: informe só os números (até 14) ou ISENTO.',
      ],
      [
        'businessStateRegistration',
        '1'.repeat(61),
        'Inscrição estadual inválida: informe só os números (até 14) ou ISENTO.',
      ],
      ['businessDocument', '1'.repeat(31), 'CNPJ ou CPF inválido: confira os dígitos verificadores.'],
      ['taxRegime', 'mei', 'Regime tributário inválido: use simples, presumido ou real.'],
    ] as const) {
      const response = await put({ businessName: 'Mercado Central', [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([{ path: field, message }]);
    }
  });

  it("takes back what it answers: the time zone unchanged, and only unchanged (it is the server installation's)", async () => {
    const current = (await ctx.app.inject({ url: '/api/settings/v1', headers: { cookie: admin } })).json();
    const same = await put({ ...current, businessDocument: '', businessName: 'Loja do Bairro' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ businessName: 'Loja do Bairro', timeZone: 'America/Sao_Paulo' });
    const other = await put({ ...current, businessDocument: '', timeZone: 'America/Manaus' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message:
        'O fuso horário é definido na instalação do servidor (BUSINESS_TIME_ZONE) e não muda por aqui: America/Sao_Paulo.',
    });
  });

  it('lets only admins change them, and audits the change', async () => {
    const operator = await createOperator(ctx.app, admin, 'operador@configuracoes.com.br');
    expect((await put({ businessName: 'Outra' }, operator)).statusCode).toBe(403);
    const before = await ctx.handle.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('entity', '=', 'settings')
      .executeTakeFirstOrThrow();
    expect((await put({ businessName: 'Auditada', taxRegime: 'simples' })).statusCode).toBe(200);
    const after = await ctx.handle.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('entity', '=', 'settings')
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it('prints the masked document on the monthly PDF report', async () => {
    await put({ businessName: 'Empresa do Relatório', businessDocument: '12abc34501de35' });
    const report = await ctx.app.inject({
      url: '/api/stock/movement/v1/report?year=2026&month=1',
      headers: { cookie: admin },
    });
    expect(report.statusCode).toBe(200);
    const [first] = await pdfPages(report.rawPayload);
    expect(first).toContain('Empresa do Relatório');
    expect(first).toContain('12.ABC.345/01DE-35');
  });
});
