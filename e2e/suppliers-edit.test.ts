import { describe, expect, it } from 'vitest';
import { adminClient, createProduct, createSupplier, loginAsAdmin, page, useBrowser } from './fixtures.ts';

useBrowser();

/** The aria-label of what has the focus (`body` when nothing has it). */
const focusedLabel = () =>
  page.evaluate(() =>
    document.activeElement === document.body ? 'body' : document.activeElement?.getAttribute('aria-label'),
  );

describe('editing a supplier in the browser', () => {
  it('opens every field prefilled, saves the changes and says so', async () => {
    const supplier = await createSupplier(await adminClient(), {
      name: 'Atacado Erado Ltda',
      email: 'erado@atacado.com.br',
      phone: '11987654321',
    });
    await loginAsAdmin();
    await page.goto('/app/suppliers');
    await page.getByPlaceholder('Buscar por nome, fantasia, CNPJ ou CPF').fill(supplier.document);
    const row = page.getByTestId(`supplier-row-${supplier.document}`);
    await row.getByRole('button', { name: 'Editar Atacado Erado Ltda' }).click();

    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('Razão social').inputValue()).toBe('Atacado Erado Ltda');
    expect(await dialog.getByLabel('E-mail (opcional)').inputValue()).toBe('erado@atacado.com.br');
    expect(await dialog.getByLabel('Telefone (opcional)').inputValue()).toBe('(11) 98765-4321');
    expect(await dialog.getByLabel('CNPJ ou CPF').inputValue()).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
    expect(await dialog.getByLabel('Situação').inputValue()).toBe('active');

    await dialog.getByLabel('Razão social').fill('Atacado Certo Ltda');
    await dialog.getByLabel('Nome fantasia (opcional)').fill('Certo');
    await dialog.getByLabel('E-mail (opcional)').fill('certo@atacado.com.br');
    await dialog.getByLabel('Telefone (opcional)').fill('1133334444');
    await dialog.getByRole('button', { name: 'Salvar' }).click();

    await expect
      .poll(() => page.getByTestId('notification').textContent())
      .toContain('Fornecedor Atualizado!');
    await expect.poll(() => row.textContent()).toContain('Atacado Certo Ltda');
    expect(await row.textContent()).toContain('certo@atacado.com.br');
    expect(await row.textContent()).toContain('(11) 3333-4444');
    expect(await row.textContent()).toContain('Certo');
  });
});

describe('the supplier list and its products dialog in the browser', () => {
  it('at 1280 × 800 the list fits its card, a long name and e-mail included', async () => {
    const supplier = await createSupplier(await adminClient(), {
      name: 'Distribuidora de Alimentos e Bebidas Nordeste Ltda',
      tradeName: 'Nordeste Distribuidora',
      email: 'compras.comerciais@distribuidoranordeste.com.br',
      phone: '11987654321',
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAsAdmin();
    await page.goto(`/app/suppliers?q=${supplier.document}`);
    await page.getByTestId(`supplier-row-${supplier.document}`).waitFor();
    const scroller = page.getByTestId('table-scroll');
    expect(
      await scroller.evaluate((element) => element.scrollWidth - element.clientWidth),
    ).toBeLessThanOrEqual(0);
    // the last column's header is whole and inside the card
    const header = await page.getByRole('columnheader', { name: 'Ações' }).boundingBox();
    const card = await scroller.boundingBox();
    expect(header && card && header.x + header.width <= card.x + card.width).toBe(true);
    expect(await page.getByTestId('table-scroll-hint').count()).toBe(0);
  });

  it('names each Vincular, keeps the focus in the dialog after one, and says when nothing matches', async () => {
    const client = await adminClient();
    const n = Date.now();
    const supplier = await createSupplier(client, { name: `Vinculos E2E ${n} Ltda` });
    const names = [`Parafuso Vinculo ${n} A`, `Parafuso Vinculo ${n} B`];
    for (const name of names) await createProduct(client, { name });
    await loginAsAdmin();
    await page.goto(`/app/suppliers?q=${supplier.document}`);
    await page.getByRole('button', { name: `Produtos de ${supplier.name}` }).click();
    const dialog = page.getByRole('dialog');
    const search = dialog.getByLabel('Buscar produto por código ou nome');

    // a search that matches nothing says so
    await search.fill(`Nada assim ${n}`);
    await dialog.getByText('Nenhum produto encontrado.').waitFor();

    await search.fill(`Vinculo ${n}`);
    const candidates = dialog.getByTestId('product-candidates');
    for (const name of names)
      await candidates.getByRole('button', { name: `Vincular ${name}`, exact: true }).waitFor();
    expect(await dialog.getByText('Nenhum produto encontrado.').count()).toBe(0);

    // Enter on a Vincular: the product moves to the linked list and the focus to the Vincular now in its place
    const first = (await candidates.getByRole('button').first().getAttribute('aria-label'))!;
    const second = first === `Vincular ${names[0]}` ? `Vincular ${names[1]}` : `Vincular ${names[0]}`;
    await candidates.getByRole('button', { name: first, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedLabel).toBe(second);
    expect(await dialog.getByTestId('linked-products').textContent()).toContain(
      first.slice('Vincular '.length),
    );
    // the last one: the focus goes to the search field, still in the dialog, and the empty list says why
    await page.keyboard.press('Enter');
    await expect.poll(focusedLabel).toBe('Buscar produto por código ou nome');
    await dialog.getByText('Os produtos encontrados já estão vinculados.').waitFor();
    for (const name of names) {
      const unlink = dialog
        .getByTestId('linked-products')
        .getByRole('button', { name: `Desvincular ${name}` });
      expect(await unlink.count()).toBe(1);
    }
  });
});
