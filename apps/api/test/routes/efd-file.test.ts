import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfe, type NfeTestItem } from '../../../../test-support/nfe-builder.ts';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import {
  cnpjFor,
  cnpjFromBase,
  createBox,
  createProduct,
  defaultUnityId,
  stockIn,
  stockOut,
  unique,
} from '../factories.ts';
import { importNfe, setBusiness, TEST_BUSINESS_DOCUMENT } from '../nfe-upload.ts';

// The Bloco H file with H020/H030 and 0220, and the complete EFD ICMS/IPI file (layout=efd, DESIGN.md §6.5,
// decisions 0073 and 0074), on a month of notes built here, with every figure computed by hand.

let ctx: TestContext;
let cookie: string;
const IE = '110042490114';
const business = { businessStateRegistration: IE, activity: 'commerce' };

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@efd.com.br', 'Eva Fiscal');
  await setBusiness(ctx.app, cookie, business);
});
afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const supplier = { cnpj: cnpjFor(unique() + 9100), name: 'Atacado Fiscal Ltda' };
const repairer = { cnpj: cnpjFor(unique() + 9200), name: 'Oficina Fiscal Ltda' };
const us = { cnpj: TEST_BUSINESS_DOCUMENT, name: 'Mercearia Boa Vista' };
const DATE = '2026-09-30';

interface Product {
  id: number;
  sku: string;
  unity: number;
}

async function product(fields: Record<string, unknown>): Promise<Product> {
  const created = await createProduct(ctx.app, cookie, fields);
  return { id: created.id, sku: created.sku, unity: await defaultUnityId(ctx.app, cookie, created.id) };
}

async function post(
  of: Product,
  from: typeof supplier,
  to: typeof supplier,
  item: Omit<NfeTestItem, 'code' | 'description'>,
  occurredOn: string,
) {
  const { xml } = buildNfe({
    items: [{ code: of.sku, description: 'Item fiscal', ...item }],
    emitter: { cnpj: from.cnpj, name: from.name },
    destination: { cnpj: to.cnpj, name: to.name },
    number: String(unique()),
    issuedAt: '2026-09-01T08:00:00-03:00',
  });
  const response = await importNfe(ctx.app, cookie, xml, {
    occurredOn,
    items: [{ item: 1, productId: of.id, productUnityId: of.unity }],
  });
  expect(response.statusCode, response.body).toBe(201);
}

const lines = async (query: string) => {
  const response = await get(`/api/stock/inventory/v1/sped?date=${DATE}&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return Buffer.from(response.rawPayload).toString('latin1').split('\r\n').slice(0, -1);
};
const fields = (line: string) => line.slice(1, -1).split('|');
const record = (line: string) => fields(line)[0] ?? '';
/** The line after the H010 of an item (its H020 or H030). */
function lineUnder(file: readonly string[], sku: string, prop: string) {
  const at = file.findIndex((line) => line.startsWith(`|H010|${sku}|`) && fields(line)[6] === prop);
  return file[at + 1];
}

/** Fields of each record, REG included (the EFD ICMS/IPI layout; brazil-stock-facts.md §3.3–3.4). */
const FIELD_COUNT: Record<string, number> = {
  '0000': 15,
  '0001': 2,
  '0005': 10,
  '0100': 14,
  '0150': 13,
  '0190': 3,
  '0200': 13,
  '0220': 4,
  '0990': 2,
  B001: 2,
  B990: 2,
  C001: 2,
  C990: 2,
  D001: 2,
  D990: 2,
  E001: 2,
  E100: 3,
  E110: 15,
  E990: 2,
  G001: 2,
  G990: 2,
  H001: 2,
  H005: 4,
  H010: 11,
  H020: 4,
  H030: 5,
  H990: 2,
  K001: 2,
  K990: 2,
  '1001': 2,
  '1010': 14,
  '1990': 2,
  '9001': 2,
  '9900': 3,
  '9990': 2,
  '9999': 2,
};

let coffee: Product;
let loose: Product;
let consigned: Product;
let substituted: Product;

describe('Bloco H and the complete EFD file', () => {
  beforeAll(async () => {
    coffee = await product({ name: 'Café torrado', ncm: '09012100' });
    loose = await product({ name: 'Sem nota nem NCM' });
    consigned = await product({ name: 'Filtro consignado', ncm: '84219999' });
    substituted = await product({ name: 'Cerveja lata', ncm: '22030000' });
    await createBox(ctx.app, cookie, coffee.id, 12);
    // 10 UN with a base of R$ 100,00 and ICMS of R$ 18,00: R$ 10,00 and R$ 1,80 per unit
    await post(
      coffee,
      supplier,
      us,
      {
        quantity: '10.0000',
        total: '100.00',
        cfop: '5102',
        icms: { group: 'ICMS00', cst: '00', vBC: '100.00', vICMS: '18.00' },
      },
      '2026-09-01',
    );
    await stockIn(ctx.app, cookie, {
      productId: loose.id,
      productUnityId: loose.unity,
      quantity: 3,
      unitCost: 5,
      occurredOn: '2026-09-02',
    });
    // the supplier's goods on consignment: held, IND_PROP 2
    await post(
      consigned,
      supplier,
      us,
      {
        quantity: '5.0000',
        total: '75.00',
        cfop: '5917',
        icms: { group: 'ICMS00', cst: '00', vBC: '75.00', vICMS: '9.00' },
      },
      '2026-09-03',
    );
    // one coffee to the repairer on our note: still ours, IND_PROP 1
    await post(coffee, us, repairer, { quantity: '1.0000', total: '10.00', cfop: '5915' }, '2026-09-04');
    await stockOut(ctx.app, cookie, {
      productId: coffee.id,
      productUnityId: coffee.unity,
      quantity: 3,
      reason: 'venda',
      occurredOn: '2026-09-05',
    });
    // ICMS-ST: 5 UN, own ICMS 9,00, ST base 70,00, ST 3,60, FCP-ST 1,40
    await post(
      substituted,
      supplier,
      us,
      {
        quantity: '5.0000',
        total: '50.00',
        cfop: '5403',
        icms: {
          group: 'ICMS10',
          cst: '10',
          vBC: '50.00',
          vICMS: '9.00',
          vBCST: '70.00',
          vICMSST: '3.60',
          vFCPST: '1.40',
        },
      },
      '2026-09-06',
    );
  });

  it('answers the same Bloco H file with layout=block as with no layout', async () => {
    const plain = await get(`/api/stock/inventory/v1/sped?date=${DATE}&reason=01`);
    const block = await get(`/api/stock/inventory/v1/sped?date=${DATE}&reason=01&layout=block`);
    expect(block.statusCode).toBe(200);
    expect(Buffer.from(block.rawPayload).equals(Buffer.from(plain.rawPayload))).toBe(true);
    expect(plain.body).not.toContain('|H020|');
    expect((await get(`/api/stock/inventory/v1/sped?layout=xml`)).statusCode).toBe(400);
    expect((await get(`/api/stock/inventory/v1/sped?layout=efd&period=2026-13`)).statusCode).toBe(400);
  });

  it('writes H020 from the entries per unit of the inventory, zero for an item without an entry, and lists it', async () => {
    const file = await lines('reason=02');
    const under = (sku: string, prop: string) => lineUnder(file, sku, prop);
    // 6 own coffees (10 − 1 sent − 3 sold): 6 × 10,00 and 6 × 1,80; the one with the repairer: 10,00 and 1,80
    expect(under(coffee.sku, '0')).toBe('|H020|000|60,00|10,80|');
    expect(under(coffee.sku, '1')).toBe('|H020|000|10,00|1,80|');
    expect(under(consigned.sku, '2')).toBe('|H020|000|75,00|9,00|');
    expect(under(loose.sku, '0')).toBe('|H020|090|0,00|0,00|');
    expect(file.filter((line) => line.startsWith('|H010|')).length).toBe(
      file.filter((line) => line.startsWith('|H020|')).length,
    );
    const screen = (await get(`/api/stock/inventory/v1?date=${DATE}&reason=02`)).json();
    expect(screen.withoutEntry).toEqual([
      { product: { id: loose.id, sku: loose.sku, name: 'Sem nota nem NCM' } },
    ]);
    expect((await get(`/api/stock/inventory/v1?date=${DATE}`)).json().withoutEntry).toEqual([]);
  });

  it('writes H030 per-unit averages for reason 06', async () => {
    const file = await lines('reason=06');
    const at = file.findIndex((line) => line.startsWith(`|H010|${substituted.sku}|`));
    expect(file[at + 1]).toBe('|H030|1,800000|14,000000|0,72|0,280000|');
    expect(file.some((line) => line.startsWith('|H020|'))).toBe(false);
  });

  it('names the participants (IND_PROP, COD_PART, 0150), the package (0220) and a product without NCM', async () => {
    const file = await lines('reason=01');
    // the participant as its notes named it, with its municipality
    const held = file.find((line) => line.startsWith(`|0150|${supplier.cnpj}|`)) ?? '';
    expect(fields(held).slice(0, 6)).toEqual([
      '0150',
      supplier.cnpj,
      supplier.name,
      '01058',
      supplier.cnpj,
      '',
    ]);
    expect(fields(held)[7]).toMatch(/^\d{7}$/);
    expect(file.some((line) => line.startsWith(`|0150|${repairer.cnpj}|${repairer.name}|01058|`))).toBe(true);
    expect(
      file.some(
        (line) =>
          line.startsWith(`|H010|${consigned.sku}|UN|5,000|`) && line.includes(`|2|${supplier.cnpj}|`),
      ),
    ).toBe(true);
    expect(
      file.some(
        (line) => line.startsWith(`|H010|${coffee.sku}|UN|1,000|`) && line.includes(`|1|${repairer.cnpj}|`),
      ),
    ).toBe(true);
    const zero200 = file.findIndex((line) => line.startsWith(`|0200|${coffee.sku}|`));
    expect(file[zero200 + 1]).toBe('|0220|CX|12,000000||');
    expect(file).toContain('|0190|CX|Caixa|');
    expect(file.find((line) => line.startsWith(`|0200|${loose.sku}|`))).toBe(
      `|0200|${loose.sku}|Sem nota nem NCM|||UN|00|||||||`,
    );
  });

  it('refuses the complete file naming what to fill in, then writes every record in the layout', async () => {
    const refused = await get(`/api/stock/inventory/v1/sped?date=${DATE}&layout=efd`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('código do município (IBGE)');
    expect(refused.json().message).toContain('dados do contador: nome, CPF, CRC, e-mail');

    const [matriz] = (await get('/api/establishments/v1')).json();
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/establishments/v1/${matriz.id}`,
      headers: { cookie },
      payload: {
        address: {
          street: 'Rua das Flores',
          number: '100',
          district: 'Centro',
          city: 'São Paulo',
          state: 'SP',
          zip: '01310-100',
          cityCode: '3550308',
        },
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().address.cityCode).toBe('3550308');
    const badAccountant = {
      name: 'Carla Contadora',
      cpf: '111.111.111-11',
      crc: 'SP-123456/O-8',
      email: 'carla@contab.com.br',
      cityCode: '3550308',
    };
    await expect(setBusiness(ctx.app, cookie, { ...business, accountant: badAccountant })).rejects.toThrow(
      /CPF do contador/,
    );
    const accountant = { ...badAccountant, cpf: '529.982.247-25' };
    await setBusiness(ctx.app, cookie, { ...business, accountant, efdProfile: 'B' });
    expect((await get('/api/settings/v1')).json().accountant).toEqual({ ...accountant, cpf: '52998224725' });

    const file = await lines('reason=01&layout=efd');
    expect(file[0]).toBe(
      `|0000|020|0|01092026|30092026|Mercearia Boa Vista|${us.cnpj}||SP|${IE}|3550308|||B|1|`,
    );
    expect(file[1]).toBe('|0001|0|');
    expect(file[2]).toBe('|0005|Matriz|01310100|Rua das Flores|100||Centro||||');
    expect(file[3]).toBe(
      '|0100|Carla Contadora|52998224725|SP-123456/O-8|||||||||carla@contab.com.br|3550308|',
    );
    for (const line of file) {
      expect(line).toMatch(/^\|.*\|$/);
      expect([record(line), fields(line).length]).toEqual([record(line), FIELD_COUNT[record(line)]]);
    }
    // blocks in order, each opened and closed with its line count
    const blocks = [...new Set(file.map((line) => record(line).slice(0, 1)))];
    expect(blocks).toEqual(['0', 'B', 'C', 'D', 'E', 'G', 'H', 'K', '1', '9']);
    for (const block of blocks) {
      const own = file.filter((line) => record(line).startsWith(block));
      // block 0 opens after 0000; 9990 comes before 9999, and both count every line of their block
      expect(record(own[block === '0' ? 1 : 0] ?? '')).toBe(`${block}001`);
      expect(block === '9' ? own.at(-2) : own.at(-1)).toBe(`|${block}990|${own.length}|`);
    }
    expect(file).toContain('|B001|1|');
    expect(file).toContain('|E100|01092026|30092026|');
    expect(file).toContain(`|E110${'|0,00'.repeat(14)}|`);
    expect(file).toContain(`|1010${'|N'.repeat(13)}|`);
    expect(file.some((line) => line.startsWith('|H005|30092026|'))).toBe(true);
    // 9900: one per record type, each with its count; 9999: every line
    const counts = new Map<string, number>();
    for (const line of file) counts.set(record(line), (counts.get(record(line)) ?? 0) + 1);
    const nine = file.filter((line) => record(line) === '9900').map((line) => fields(line));
    expect(new Map(nine.map(([, type, count]) => [type, Number(count)]))).toEqual(counts);
    expect(file.at(-1)).toBe(`|9999|${file.length}|`);
  });

  it('takes COD_VER from the period and refuses an inventory after it', async () => {
    const file = await lines('reason=01&layout=efd&period=2026-10');
    expect(file[0]).toMatch(/^\|0000\|020\|0\|01102026\|31102026\|/);
    expect(
      (await get(`/api/stock/inventory/v1/sped?date=${DATE}&layout=efd&period=2026-08`)).statusCode,
    ).toBe(400);
  });

  it("reads each establishment's own entries: a filial's note leaves the matriz's H020 as it was", async () => {
    const filial = { cnpj: cnpjFromBase(`${TEST_BUSINESS_DOCUMENT.slice(0, 8)}0002`), name: 'Filial Centro' };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/establishments/v1',
      headers: { cookie },
      payload: { name: filial.name, document: filial.cnpj },
    });
    expect(created.statusCode, created.body).toBe(201);
    // 4 coffees to the filial, later than the matriz's: 15,00 and 1,80 per unit
    await post(
      coffee,
      supplier,
      filial,
      {
        quantity: '4.0000',
        total: '60.00',
        cfop: '5102',
        icms: { group: 'ICMS00', cst: '00', vBC: '60.00', vICMS: '7.20' },
      },
      '2026-09-20',
    );
    expect(lineUnder(await lines('reason=02'), coffee.sku, '0')).toBe('|H020|000|60,00|10,80|');
    const branch = await lines(`reason=02&establishmentId=${created.json().id}`);
    expect(lineUnder(branch, coffee.sku, '0')).toBe('|H020|000|60,00|7,20|');
  });
});
