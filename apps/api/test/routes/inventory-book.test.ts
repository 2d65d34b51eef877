import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfe, type NfeTestItem } from '../../../../test-support/nfe-builder.ts';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { cnpjFor, createBox, createProduct, defaultUnityId, stockIn, unique } from '../factories.ts';
import { importNfe, setBusiness, TEST_BUSINESS_DOCUMENT } from '../nfe-upload.ts';
import { overlappingTexts, pdfPages, pdfRows } from '../pdf-text.ts';

// The Registro de Inventário as the law asks for it (DESIGN.md §6.5, docs/decisions/0072): terms, folhas numbered
// across the book, "A transportar" / "Transportado", one list per position with its total, and item lines whose
// printed figures multiply. Read back from the PDF's text, on a fresh database of its own.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@livro.com.br');
  await setBusiness(ctx.app, cookie, {
    businessStateRegistration: '123456789',
    businessAddress: 'Rua das Flores, 100 — Centro — Campinas/SP',
  });
});
afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const us = { cnpj: TEST_BUSINESS_DOCUMENT, name: 'Mercearia Boa Vista' };
const supplier = { cnpj: cnpjFor(unique() + 9100), name: 'Atacado Consigna Ltda' };
const repairer = { cnpj: cnpjFor(unique() + 9200), name: 'Oficina Conserta Ltda' };

async function product(fields: Record<string, unknown>, quantity: string, unitCost: string) {
  const created = await createProduct(ctx.app, cookie, fields);
  const productUnityId = await defaultUnityId(ctx.app, cookie, created.id);
  await stockIn(ctx.app, cookie, { productId: created.id, productUnityId, quantity, unitCost });
}

/** A note between us and a participant with one item of `sku`, posted on `on`. */
type Fields = Omit<NfeTestItem, 'code' | 'description'>;
async function note(sku: string, id: number, unity: number, from: typeof us, to: typeof us, fields: Fields) {
  const { xml } = buildNfe({
    items: [{ code: sku, description: 'Bomba d’água', cfop: '5102', ...fields }],
    emitter: { cnpj: from.cnpj, name: from.name },
    destination: { cnpj: to.cnpj, name: to.name },
    number: String(unique()),
    issuedAt: '2026-09-01T08:00:00-03:00',
  });
  const response = await importNfe(ctx.app, cookie, xml, {
    occurredOn: '2026-09-02',
    items: [{ item: 1, productId: id, productUnityId: unity }],
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function buildStock() {
  // 50.000 UN for 621,00 (50 boxes of 1.000 at 12,42): a unit value of 0,01242, exact at five places
  const screws = await createProduct(ctx.app, cookie, { name: 'Parafuso miúdo', ncm: '73181500' });
  const box = await createBox(ctx.app, cookie, screws.id, 1000);
  await stockIn(ctx.app, cookie, {
    productId: screws.id,
    productUnityId: box.id,
    quantity: 50,
    unitCost: '12.42',
  });
  // 3 UN worth 10,00: no finite unit value multiplies to it
  await product({ name: 'Arruela lisa', ncm: '73181500' }, '3', '3.3333');
  const ncms = ['39269090', '40169990', '84819090'];
  for (let i = 0; i < 75; i += 1) {
    await product({ name: `Item de linha ${i + 1}`, ncm: ncms[i % 3] }, String(i + 1), `${(i % 7) + 1}.25`);
  }
  const pump = await createProduct(ctx.app, cookie, { name: 'Bomba d’água', ncm: '84137080' });
  const unity = await defaultUnityId(ctx.app, cookie, pump.id);
  await note(pump.sku, pump.id, unity, supplier, us, { quantity: '10.0000', total: '100.00' });
  // 5 UN of the supplier's on consignment (held), 2 of ours to the repairer (sent, 2 × 10,00)
  await note(pump.sku, pump.id, unity, supplier, us, { quantity: '5.0000', total: '75.00', cfop: '5917' });
  await note(pump.sku, pump.id, unity, us, repairer, { quantity: '2.0000', total: '40.00', cfop: '5915' });
}

/** A Brazilian number as a scaled integer: "1.234,567" → { value: 1234567n, scale: 3 }. */
function parse(text: string): { value: bigint; scale: number } {
  expect(text).toMatch(/^-?\d{1,3}(\.\d{3})*(,\d+)?$/);
  const [whole = '', fraction = ''] = text.replaceAll('.', '').split(',');
  return { value: BigInt(`${whole}${fraction}`), scale: fraction.length };
}
const cents = (text: string) => {
  const { value, scale } = parse(text);
  expect(scale).toBe(2);
  return value;
};

/** quantity × unit value = partial value, exactly. */
function multiplies(quantity: string, unit: string, partial: string) {
  const q = parse(quantity);
  const u = parse(unit);
  return q.value * u.value === cents(partial) * 10n ** BigInt(q.scale + u.scale - 2);
}

const LISTS = [
  'Mercadorias próprias em poder da empresa',
  'Mercadorias próprias em poder de terceiros',
  'Mercadorias de terceiros em poder da empresa',
];

/**
 * An item line's cells: NCM, name, then quantity, unit, unit value, partial value and notes (the text reader joins
 * cells that stand close, so what follows the name is read word by word). Null for any other line.
 */
function itemOf(row: string[]): string[] | null {
  if (!/^(\d{8}|Sem NCM)$/.test(row[0] ?? '') || row.length < 3) return null;
  const [quantity = '', unit = '', unitValue = '', partial = '', ...note] = row.slice(2).join(' ').split(' ');
  return [
    row[0] ?? '',
    row[1] ?? '',
    quantity,
    unit,
    unitValue,
    partial,
    ...(note.length ? [note.join(' ')] : []),
  ];
}

interface Reading {
  items: string[][];
  totals: Map<string, bigint>;
  carried: number;
}

/** Walks the content folhas: every item line multiplies, and a list that goes on carries its running sum over. */
function readBook(pages: string[][][]): Reading {
  const reading: Reading = { items: [], totals: new Map(), carried: 0 };
  let running: bigint | null = null;
  let open = false;
  for (const [index, rows] of pages.slice(1, -1).entries()) {
    const last = rows.at(-1) ?? [];
    for (const row of rows) {
      const label = row[0] ?? '';
      if (label === 'Transportado') expect(cents(row[1] ?? '')).toBe(running);
      if (LISTS.includes(label)) [running, open] = [0n, true];
      if (label.startsWith('Total da') || label.startsWith('Total de') || label.startsWith('Total geral')) {
        reading.totals.set(label, cents(row.at(-1) ?? ''));
        if (label.startsWith('Total das mercadorias') || label.startsWith('Total de mercadorias'))
          open = false;
      }
      const item = itemOf(row);
      if (!item) continue;
      const [, , quantity = '', , unit = '', partial = ''] = item;
      expect(multiplies(quantity, unit, partial), row.join(' | ')).toBe(true);
      reading.items.push(item);
      running = (running ?? 0n) + cents(partial);
    }
    if (open) {
      // the list goes on: its running sum at the foot, and the same at the top of the next folha
      expect(last[0], `folha ${index + 2}`).toBe('A transportar');
      expect(cents(last[1] ?? '')).toBe(running);
      expect(pages[index + 2]?.some((row) => row[0] === 'Transportado')).toBe(true);
      reading.carried += 1;
    }
  }
  return reading;
}

describe('Registro de Inventário', () => {
  it('has its terms, numbered folhas, carried totals, separate lists and lines that multiply', async () => {
    await buildStock();
    const pdf = await get(`/api/stock/inventory/v1/book?date=${today()}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    const texts = await pdfPages(pdf.rawPayload);
    const pages = await pdfRows(pdf.rawPayload);
    const n = texts.length;
    expect(n).toBeGreaterThanOrEqual(5);
    texts.forEach((text, index) => expect(text).toContain(`Folha ${index + 1} de ${n}`));
    for (let folha = 1; folha <= n; folha += 1)
      expect(await overlappingTexts(pdf.rawPayload, folha)).toEqual([]);
    const date = today().split('-').reverse().join('/');
    for (const [text, kind, verb] of [
      [texts[0], 'ABERTURA', 'servirá'],
      [texts.at(-1), 'ENCERRAMENTO', 'serviu'],
    ] as const) {
      expect(text).toContain(`TERMO DE ${kind}`);
      expect(text).toContain(`Contém este livro ${n} folhas numeradas tipograficamente de 1 a ${n}`);
      expect(text).toContain(`${verb} para o lançamento das mercadorias`);
      expect(text).toContain(`existentes em ${date}`);
      for (const fact of ['Mercearia Boa Vista', '11.222.333/0001-81', '123456789', 'Rua das Flores, 100'])
        expect(text).toContain(fact);
      expect(text).toContain('Responsável pela empresa');
      expect(text).toContain('Contador (nome e CRC)');
    }

    const reading = readBook(pages);
    expect(reading.carried).toBeGreaterThanOrEqual(2);
    const row = (name: string) =>
      reading.items.filter((cells) => cells[1] === name).map((cells) => cells.slice(2, 7));
    expect(row('Parafuso miúdo')).toEqual([['50.000', 'UN', '0,01242', '621,00']]);
    expect(row('Arruela lisa')).toEqual([
      ['2', 'UN', '3,33', '6,66', '10,00 ÷ 3 repartido ao centavo'],
      ['1', 'UN', '3,34', '3,34'],
    ]);
    expect(row('Bomba d’água')).toEqual([
      ['8', 'UN', '10,00', '80,00'],
      ['2', 'UN', '10,00', '20,00', `Em poder de ${repairer.name}, ${formatted(repairer.cnpj)}`],
      ['5', 'UN', '15,00', '75,00', `Pertence a ${supplier.name}, ${formatted(supplier.cnpj)}`],
    ]);

    // each list its own total, the sum of its printed partial values; the third parties' outside the grand total
    const sum = (from: number, to?: number) =>
      reading.items.slice(from, to).reduce((total, cells) => total + cents(cells[5] ?? ''), 0n);
    const sentAt = reading.items.findIndex((cells) => (cells[6] ?? '').startsWith('Em poder de'));
    const own = reading.totals.get('Total das mercadorias próprias em poder da empresa');
    const sent = reading.totals.get('Total das mercadorias próprias em poder de terceiros');
    const held = [...reading.totals].find(([label]) =>
      label.startsWith('Total de mercadorias de terceiros'),
    )?.[1];
    expect([own, sent, held]).toEqual([sum(0, sentAt), sum(sentAt, sentAt + 1), sum(sentAt + 1)]);
    const grand = [...reading.totals].find(([label]) => label.startsWith('Total geral'))?.[1];
    expect(grand).toBe((own ?? 0n) + (sent ?? 0n));
    expect(held).toBe(7500n);

    // the same figures as Bloco H: VL_INV is the own goods and the third parties' together
    const sped = (await get(`/api/stock/inventory/v1/sped?date=${today()}&reason=01`)).body;
    const vlInv =
      sped
        .split('\r\n')
        .find((line) => line.startsWith('|H005|'))
        ?.split('|')[3] ?? '';
    expect(BigInt(vlInv.replace(',', ''))).toBe((grand ?? 0n) + (held ?? 0n));
  });

  it('names the accountant of the settings on both terms once informed', async () => {
    await setBusiness(ctx.app, cookie, {
      businessStateRegistration: '123456789',
      businessAddress: 'Rua das Flores, 100 — Centro — Campinas/SP',
      accountant: {
        name: 'Clara Contábil',
        cpf: '529.982.247-25',
        crc: 'SP-123456/O-7',
        email: 'clara@contabil.com.br',
        cityCode: '3509502',
      },
    });
    const pdf = await get(`/api/stock/inventory/v1/book?date=${today()}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    const texts = await pdfPages(pdf.rawPayload);
    for (const text of [texts[0], texts.at(-1)])
      expect(text).toContain('Contador: Clara Contábil — CRC SP-123456/O-7');
  });
});

const formatted = (cnpj: string) =>
  `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
