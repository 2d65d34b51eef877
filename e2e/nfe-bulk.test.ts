import { describe, expect, it } from 'vitest';
import { cnpjFor, uniqueGtin } from '../test-support/factories.ts';
import { buildNfe } from '../test-support/nfe-builder.ts';
import {
  adminClient,
  createBox,
  createProduct,
  loginAsAdmin,
  notification,
  openFromMenu,
  page,
  useBrowser,
} from './fixtures.ts';
import { businessDocument, dropNote } from './nfe-helpers.ts';

useBrowser();

describe('many new products from one NF-e', () => {
  it('creates every unmatched item at once with one category and unit, names cleaned, and imports', async () => {
    const n = (Date.now() % 100_000_000) + 7;
    const client = await adminClient();
    const note = buildNfe({
      number: String(n),
      emitter: { cnpj: cnpjFor(n), name: `Eletro Atacado ${n} Ltda` },
      destination: { cnpj: await businessDocument(client) },
      items: [
        { code: `JC${n}A`, description: `[JC${n}A] FORNO ELETRICO 45L`, quantity: '2.0000', total: '900.00' },
        {
          code: `JC${n}B`,
          description: `JC${n}B LIQUIDIFICADOR DE VIDRO`,
          quantity: '1.0000',
          total: '150.00',
        },
        {
          code: `JC${n}C`,
          description: 'COPO AMERICANO CX 12',
          unit: 'CX',
          quantity: '3.0000',
          total: '72.00',
          taxUnit: 'UN',
          taxQuantity: '36.0000',
        },
      ],
    });

    await loginAsAdmin();
    await openFromMenu('Notas fiscais');
    await dropNote(note.xml, `nfe-${n}.xml`);
    await expect.poll(() => page.getByTestId('nfe-unresolved').textContent()).toBe('3 itens a resolver');

    const bulk = page.getByTestId('nfe-bulk-create');
    await bulk.getByLabel('Categoria dos novos produtos').selectOption({ index: 1 });
    await bulk.getByLabel('Unidade base dos novos produtos').selectOption({ label: 'UN — Unidade' });
    await bulk.getByRole('button', { name: 'Criar todos os não encontrados' }).click();
    for (const item of [1, 2, 3])
      await expect.poll(() => page.getByTestId(`nfe-item-state-${item}`).textContent()).toBe('criar produto');
    expect(await page.getByLabel('Nome do item 1').inputValue()).toBe('Forno Eletrico 45L');
    expect(await page.getByLabel('Nome do item 2').inputValue()).toBe('Liquidificador de Vidro');
    expect(await page.getByLabel('Unidades por CX do item 3').inputValue()).toBe('12');
    await expect
      .poll(() => page.getByTestId('nfe-unresolved').textContent())
      .toBe('Todos os itens resolvidos');

    await page.getByRole('button', { name: 'Importar' }).click();
    await expect
      .poll(() => notification().textContent())
      .toContain('Nota fiscal importada: 3 entradas no estoque!');

    // the products exist, each with the note's cost as its cost price
    const list = (await client('GET', `/api/stock/nfe/v1?pageSize=50`)).json() as {
      data: Array<{ id: number; number: string }>;
    };
    const receipt = list.data.find((row) => row.number === String(n));
    expect(receipt).toBeDefined();
    const detail = (await client('GET', `/api/stock/nfe/v1/${receipt?.id}`)).json() as {
      items: Array<{ product: { id: number; name: string; sku: string } }>;
    };
    expect(detail.items.map((item) => item.product.name)).toEqual([
      'Forno Eletrico 45L',
      'Liquidificador de Vidro',
      'Copo Americano Cx 12',
    ]);
    const forno = (await client('GET', `/api/products/v1/${detail.items[0]?.product.id}`)).json() as {
      currentPrice: { costPrice: string } | null;
    };
    expect(forno.currentPrice?.costPrice).toBe('450.0000');
  });

  it('warns when the note counts boxes of 24 of a product matched by its unit barcode, and wants the package confirmed', async () => {
    const n = (Date.now() % 100_000_000) + 11;
    const client = await adminClient();
    const gtin = uniqueGtin();
    const product = await createProduct(client, { sku: `AGUA-${n}`, name: `Água ${n}`, barcode: gtin });
    await createBox(client, product.id, 24);
    const note = buildNfe({
      number: String(n),
      emitter: { cnpj: cnpjFor(n), name: `Bebidas ${n} Ltda` },
      destination: { cnpj: await businessDocument(client) },
      items: [
        {
          code: `AG-${n}`,
          description: 'AGUA MINERAL CX 24',
          gtin,
          unit: 'CX',
          quantity: '2.0000',
          total: '48.00',
          taxUnit: 'UN',
          taxQuantity: '48.0000',
        },
      ],
    });

    await loginAsAdmin();
    await openFromMenu('Notas fiscais');
    await dropNote(note.xml, `nfe-${n}.xml`);
    await expect
      .poll(() => page.getByTestId('nfe-item-warning-1').textContent())
      .toContain('A nota diz 24 UN por CX (qTrib ÷ qCom), mas a embalagem do código de barras (cEAN) é');
    await expect.poll(() => page.getByTestId('nfe-unresolved').textContent()).toBe('1 item a resolver');
    const confirm = page.getByRole('checkbox', { name: 'Confirmo a embalagem' });
    await confirm.check();
    await expect
      .poll(() => page.getByTestId('nfe-unresolved').textContent())
      .toBe('Todos os itens resolvidos');
    await confirm.uncheck();
    await expect.poll(() => page.getByTestId('nfe-unresolved').textContent()).toBe('1 item a resolver');

    // choosing the box of 24 clears the conflict: no confirmation, and 2 CX are 48 UN
    await page.getByLabel('Embalagem do item 1').selectOption({ label: 'Caixa c/ 24 UN' });
    await expect.poll(() => confirm.count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('nfe-unresolved').textContent())
      .toBe('Todos os itens resolvidos');
    expect(await page.getByTestId('nfe-conversion-1').textContent()).toContain('entrada de 48 UN');
    await page.getByRole('button', { name: 'Importar' }).click();
    await expect
      .poll(() => notification().textContent())
      .toContain('Nota fiscal importada: 1 entrada no estoque!');
  });
});
