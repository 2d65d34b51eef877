import { describe, expect, it } from 'vitest';
import { cnpjFor } from '../test-support/factories.ts';
import { buildNfe } from '../test-support/nfe-builder.ts';
import {
  adminClient,
  createProduct,
  defaultUnityId,
  loginAsAdmin,
  notification,
  openFromMenu,
  page,
  stockIn,
  useBrowser,
} from './fixtures.ts';
import { businessDocument, dropNote } from './nfe-helpers.ts';

useBrowser();

describe('a new product created before the units list arrived', () => {
  it('gets UN as its base unit once the units come, and the item is resolved', async () => {
    const n = (Date.now() % 100_000_000) + 13;
    const client = await adminClient();
    const note = buildNfe({
      number: String(n),
      emitter: { cnpj: cnpjFor(n), name: `Atacado Lento ${n} Ltda` },
      destination: { cnpj: await businessDocument(client) },
      items: [{ code: `L${n}`, description: `LAPIS ${n}`, quantity: '2.0000', total: '4.00' }],
    });
    await loginAsAdmin();
    // the units list is held back until "Criar produto" is pressed (a slow network, a busy server)
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/unities/v1**', async (route) => {
      await held;
      await route.continue();
    });
    await openFromMenu('Notas fiscais');
    await dropNote(note.xml, `nfe-${n}.xml`);
    const row = page.getByTestId('nfe-item-1');
    await row.getByRole('button', { name: 'Criar produto' }).click();
    await row.getByLabel('Categoria do item 1').selectOption({ index: 1 });
    release();
    await expect
      .poll(() => page.getByTestId('nfe-unresolved').textContent())
      .toBe('Todos os itens resolvidos');
  });
});

describe('our goods sent to a third party', () => {
  it('imports our own repair note by its SKU, and the stock list and the inventory show the goods apart', async () => {
    const n = (Date.now() % 100_000_000) + 11;
    const client = await adminClient();
    const business = await businessDocument(client);
    const product = (await createProduct(client, { name: `Bomba d'água ${n}`, ncm: '84137080' })) as {
      id: number;
      sku: string;
    };
    const unity = await defaultUnityId(client, product.id);
    await stockIn(client, { productId: product.id, productUnityId: unity, quantity: 10, unitCost: 30 });
    const repairer = `Oficina ${n} Ltda`;
    // our 5.915, naming our own SKU: matched without a choice, our goods go to the repairer
    const note = buildNfe({
      number: String(n),
      emitter: { cnpj: business, name: 'Mercearia Boa Vista' },
      destination: { cnpj: cnpjFor(n), name: repairer },
      items: [{ code: product.sku, description: 'Bomba', quantity: '2.0000', total: '60.00', cfop: '5915' }],
    });

    await loginAsAdmin();
    await openFromMenu('Notas fiscais');
    await dropNote(note.xml, `nfe-${n}.xml`);
    await expect.poll(() => page.getByTestId('nfe-item-state-1').textContent()).toBe('encontrado');
    await page.getByRole('button', { name: 'Importar' }).click();
    await expect.poll(() => notification().textContent()).toContain('Nota fiscal importada');

    await openFromMenu('Estoque');
    // the list is paged and other tests add products: look this one up, as a person would
    await page.goto(`/app/stock?q=${encodeURIComponent(product.sku)}`);
    const row = page.getByTestId(`stock-row-${product.sku}`);
    await expect.poll(() => row.getByTestId('stock-quantity').textContent()).toBe('8 UN');
    expect(await row.getByTestId('stock-sent').textContent()).toBe('+ 2 nossos com terceiros');

    await openFromMenu('Inventário');
    await expect
      .poll(() => page.getByTestId('inventory-table').textContent())
      .toContain(`nosso, em poder de ${repairer}`);
  });
});
