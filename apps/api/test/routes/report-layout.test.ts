import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { createProduct, defaultUnityId, stockIn, unique } from '../factories.ts';
import { overlappingTexts, pdfPages } from '../pdf-text.ts';

// The monthly PDF never cuts a code or a name, repeats the column header on every page and agrees in number.
let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@relatorio.com.br', 'Rita Relatório'));
});
afterAll(async () => ctx.close());

const report = async (year: number, month: number) => {
  const response = await ctx.app.inject({
    url: `/api/stock/movement/v1/report?year=${year}&month=${month}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  // long codes and names wrap in their own column: no text runs into the next one
  expect(await overlappingTexts(response.rawPayload)).toEqual([]);
  return pdfPages(response.rawPayload);
};

async function productWithEntry(overrides: Record<string, unknown>, occurredOn: string) {
  const product = await createProduct(ctx.app, cookie, overrides);
  await stockIn(ctx.app, cookie, {
    productId: product.id,
    productUnityId: await defaultUnityId(ctx.app, cookie, product.id),
    quantity: 1,
    unitCost: '2.5',
    occurredOn,
  });
  return product;
}

describe('monthly report layout', () => {
  it('prints a 60-character code and a 200-character name whole, and says "1 produto"', async () => {
    const n = String(unique()).padStart(8, '0');
    const sku = `ACC-MWR615-${n}-`.padEnd(60, 'X');
    const words = 'Movimento de normalização com descrição longa para o contador ler inteira';
    const name = `${words} ${n} `.repeat(4).slice(0, 199).trim().padEnd(200, 'Z');
    expect(sku).toHaveLength(60);
    expect(name).toHaveLength(200);
    await productWithEntry({ sku, name }, '2025-02-10');

    const pages = await report(2025, 2);
    const text = pages.join(' ');
    // A wrapped code is split over lines, never shortened: all its characters are there, in order.
    expect(text.replace(/\s+/g, '')).toContain(sku);
    expect(text).toContain(name);
    expect(text).not.toContain('…');
    expect(text).toContain('Total geral (1 produto)');
    expect(text).toContain('Página 1 de 1');
  });

  it('repeats the column header on every page, with "Página X de Y" at the foot', async () => {
    // Long names take several lines each, so a few dozen products fill more than one page.
    for (let index = 0; index < 40; index += 1)
      await productWithEntry(
        { name: `Produto de nome comprido número ${index} `.repeat(5).trim(), categoryId: 3 },
        '2026-03-05',
      );
    const pages = await report(2026, 3);
    expect(pages.length).toBeGreaterThan(1);
    const header = 'Código Produto Un. Saldo inicial Entradas Saídas Saldo final Custo médio Valor final';
    // Every page that holds table lines starts them under the column header (a last page may hold only the
    // list of imported sheets).
    const withLines = pages.filter((page) => /SKU-\d+|Subtotal|Total geral/.test(page));
    expect(withLines.length).toBeGreaterThan(1);
    for (const page of withLines) expect(page).toContain(header);
    expect(pages[1]).toContain(header);
    pages.forEach((page, index) => expect(page).toContain(`Página ${index + 1} de ${pages.length}`));
    // 40 here, plus any product another test left with a balance before March 2026
    expect(pages.join(' ')).toMatch(/Total geral \((4\d) produtos\)/);
  });
});
