import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntry, appWithAdmin, type TestContext } from '../helper.ts';
import { cnpjFor, createSupplier, unique } from '../factories.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@fornecedor-fiscal.com.br'));
});
afterAll(async () => ctx.close());

const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, payload });

describe('a supplier’s state registration and address', () => {
  it('stores IE and address on creation, normalised, and shows them back', async () => {
    const response = await send('POST', '/api/suppliers/v1', {
      name: `Atacado Fiscal ${unique()}`,
      document: cnpjFor(unique()),
      stateRegistration: '110.042.490.114',
      address: {
        street: 'Av. Paulista',
        number: '1000',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'sp',
        zip: '01310-100',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      stateRegistration: '110042490114',
      address: {
        street: 'Av. Paulista',
        number: '1000',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        zip: '01310100',
      },
    });
  });

  it('edits every field, ISENTO included, and clears with null', async () => {
    const supplier = await createSupplier(ctx.app, cookie);
    expect(supplier.stateRegistration).toBeNull();
    expect(supplier.address).toEqual({
      street: null,
      number: null,
      district: null,
      city: null,
      state: null,
      zip: null,
    });
    const edited = await send('PATCH', `/api/suppliers/v1/${supplier.id}`, {
      stateRegistration: 'isento',
      address: { city: 'Recife', state: 'PE', zip: '50030230' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      stateRegistration: 'ISENTO',
      address: { city: 'Recife', state: 'PE', zip: '50030230', street: null },
    });
    const cleared = await send('PATCH', `/api/suppliers/v1/${supplier.id}`, {
      stateRegistration: null,
      address: { zip: null },
    });
    expect(cleared.json()).toMatchObject({ stateRegistration: null, address: { city: 'Recife', zip: null } });
    const audit = await auditEntry(ctx.handle.db, 'supplier', supplier.id, 'update');
    expect(JSON.parse(audit?.after_data ?? '{}')).toMatchObject({
      state_registration: 'ISENTO',
      city: 'Recife',
    });
  });

  it('refuses a wrong UF, CEP or IE with 400 in Portuguese', async () => {
    const supplier = await createSupplier(ctx.app, cookie);
    const cases = [
      [{ address: { state: 'XX' } }, 'UF inválida: use a sigla de um dos 27 estados (ex.: SP).'],
      [{ address: { zip: '1234' } }, 'CEP inválido: informe os 8 dígitos.'],
      [
        { stateRegistration: 'ABC123' },
        'Inscrição estadual inválida: informe só os números (até 14) ou ISENTO.',
      ],
      [{ address: { country: 'BR' } }, null],
    ] as const;
    for (const [payload, message] of cases) {
      const response = await send('PATCH', `/api/suppliers/v1/${supplier.id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(response.json().issues[0].message).toBe(message);
    }
    // the answer's message names the field in Portuguese, never by its JSON key
    const street = await send('PATCH', `/api/suppliers/v1/${supplier.id}`, {
      address: { street: 'x'.repeat(201) },
    });
    expect(street.json().message).toMatch(/^Logradouro: /);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock/movement/v1',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="sheet"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n' +
        'Data;Código\r\n\r\n--x--\r\n',
    });
    expect(empty.json().message).toMatch(/Ano: .*Mês: /);
  });
});
