import { describe, expect, it } from 'vitest';
import {
  adminCookie,
  api,
  createProduct,
  defaultUnityId,
  httpClient,
  loginAsAdmin,
  modal,
  notification,
  openFromMenu,
  page,
  stockIn,
  useBrowser,
} from './fixtures.ts';

useBrowser();

async function expectNotification(text: string) {
  await expect.poll(() => notification().textContent()).toContain(text);
  expect(await notification().getAttribute('data-status')).toBe('1');
}

/** The product's row on Produtos: the list is paged and other tests add products, so look it up, as a person would. */
async function productRow(sku: string) {
  await page.goto(`/app/products?q=${encodeURIComponent(sku)}`);
  return page.getByTestId(`product-row-${sku}`);
}

describe('catalog in the browser', () => {
  it('adds a product, a box, a price; toggles status; links suppliers from both sides; deletes with confirmation', async () => {
    const sku = `E2E-${Date.now()}`;
    await loginAsAdmin();
    await openFromMenu('Produtos');

    // add product (with a validation error first)
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await modal().getByLabel('Código (SKU)').fill(sku);
    await modal().getByLabel('Nome').fill('Óleo de Soja 900 ml');
    await modal().getByLabel('Categoria').selectOption({ label: 'Alimentos' });
    await modal().getByLabel('Unidade base').selectOption({ label: 'UN — Unidade' });
    await modal().getByLabel('Código de barras (GTIN/EAN)').fill('7891000315508');
    await modal().getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() =>
        modal()
          .getByText(/dígito verificador/)
          .isVisible(),
      )
      .toBe(true);
    await modal().getByLabel('Código de barras (GTIN/EAN)').fill('');
    await modal().getByLabel('Estoque mínimo').fill('2,000');
    // its first price with it (issue 33)
    await modal().getByLabel('Preço de custo (R$)').fill('4,5');
    await modal().getByLabel('Preço de venda (R$)').fill('6,99');
    await modal().getByRole('button', { name: 'Salvar' }).click();
    await expectNotification('Produto Adicionado!');
    // the new product opens (issue 33), its price there
    await page.waitForURL(/\/app\/products\/\d+$/);
    await page
      .getByRole('heading', { name: /Óleo de Soja 900 ml/ })
      .first()
      .waitFor();
    await expect.poll(() => page.getByTestId('prices-table').textContent()).toContain('R$\u00a06,99');
    expect(await page.getByTestId('prices-table').textContent()).toContain('R$\u00a04,50');
    const row = await productRow(sku);
    await expect.poll(() => row.isVisible()).toBe(true);

    // deactivate and reactivate from the list
    await row.getByRole('checkbox').click();
    await expectNotification('Status Do Produto Atualizado!');
    await expect.poll(() => row.textContent()).toContain('Inativo');
    await row.getByRole('checkbox').click();
    await expect.poll(() => row.textContent()).toContain('Ativo');

    // detail: add a box of 12
    await row.getByRole('link', { name: 'Óleo de Soja 900 ml', exact: true }).click();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Óleo de Soja 900 ml');
    await page.getByRole('button', { name: 'Adicionar embalagem' }).click();
    await modal().getByLabel('Tipo de embalagem').selectOption({ label: 'Caixa' });
    await modal().getByLabel('Unidade da embalagem').selectOption({ label: 'CX — Caixa' });
    await modal().getByLabel('Quantidade de unidades base').fill('12');
    await modal().getByRole('button', { name: 'Salvar' }).click();
    await expectNotification('Produto Adicionado!');
    await expect.poll(() => page.getByTestId('unities-table').textContent()).toContain('Caixa c/ 12 UN');

    // edit the box: 'Produto Atualizado!'
    await page.getByRole('button', { name: 'Editar Caixa c/ 12 UN' }).click();
    await modal().getByLabel('Quantidade de unidades base').fill('24');
    await modal().getByRole('button', { name: 'Salvar' }).click();
    await expectNotification('Produto Atualizado!');
    await expect.poll(() => page.getByTestId('unities-table').textContent()).toContain('Caixa c/ 24 UN');

    // add a price with Brazilian decimals
    await page.getByRole('button', { name: 'Adicionar preço' }).click();
    await modal().getByLabel('Preço de custo (R$)').fill('1.234,5');
    await modal().getByLabel('Preço de venda (R$)').fill('1.500,99');
    await modal().getByRole('button', { name: 'Salvar' }).click();
    await expectNotification('Preço Adicionado!');
    await expect.poll(() => page.getByTestId('prices-table').textContent()).toContain('R$\u00a01.500,99');
    expect(await page.getByTestId('prices-table').textContent()).toContain('R$\u00a01.234,50');

    // delete the box: 'Produto Deletado!'
    await page.getByRole('button', { name: 'Excluir Caixa c/ 24 UN' }).click();
    await modal().getByRole('button', { name: 'Excluir' }).click();
    await expectNotification('Produto Deletado!');
    await expect.poll(() => page.getByTestId('unities-table').textContent()).not.toContain('Caixa c/ 24 UN');

    // a supplier, with its CNPJ mask
    await openFromMenu('Fornecedores');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const name = `Atacadão E2E ${Date.now()}`;
    await modal().getByLabel('Razão social').fill(name);
    await modal().getByLabel('CNPJ ou CPF').pressSequentially('12abc34501de35');
    expect(await modal().getByLabel('CNPJ ou CPF').inputValue()).toBe('12.ABC.345/01DE-35');
    await modal().getByRole('button', { name: 'Salvar' }).click();
    await expectNotification('Fornecedor Adicionado!');
    const supplierRow = page.getByTestId('supplier-row-12ABC34501DE35');
    await expect.poll(() => supplierRow.textContent()).toContain(name);

    // link from the supplier's side: the supplier list reloads with the count
    await supplierRow.getByRole('button', { name: `Produtos de ${name}` }).click();
    await modal().getByPlaceholder('Buscar produto por código ou nome').fill(sku);
    await modal().getByTestId('product-candidates').getByRole('button', { name: 'Vincular' }).first().click();
    await expectNotification('Produto Vinculado Ao Fornecedor!');
    await expect.poll(() => modal().getByTestId('linked-products').textContent()).toContain(sku);
    await expect.poll(() => supplierRow.getByTestId('products-count').textContent()).toBe('1');
    await modal().getByTestId('linked-products').getByRole('button', { name: 'Desvincular' }).click();
    await expectNotification('Produto Desvinculado Ao Fornecedor!');
    await expect.poll(() => supplierRow.getByTestId('products-count').textContent()).toBe('0');
    await page.keyboard.press('Escape');

    // supplier status toggle
    await supplierRow.getByRole('checkbox').click();
    await expectNotification('Status Do Fornecedor Atualizado!');
    await supplierRow.getByRole('checkbox').click();
    await expect.poll(() => supplierRow.textContent()).toContain('Ativo');

    // link from the product's side: the product reloads
    await openFromMenu('Produtos');
    await (await productRow(sku)).getByRole('link', { name: 'Óleo de Soja 900 ml', exact: true }).click();
    await page.getByRole('button', { name: 'Vincular fornecedor' }).click();
    await modal()
      .getByLabel('Fornecedor')
      .selectOption({ label: `${name} (12.ABC.345/01DE-35)` });
    await modal().getByRole('button', { name: 'Vincular' }).click();
    await expectNotification('Produto Vinculado Ao Fornecedor!');
    await expect.poll(() => page.getByTestId('product-suppliers').textContent()).toContain(name);
    await page.getByTestId('product-suppliers').getByRole('button', { name: 'Desvincular' }).click();
    await expectNotification('Produto Desvinculado Ao Fornecedor!');

    // delete the product with confirmation, back on the list
    await openFromMenu('Produtos');
    await (await productRow(sku)).getByRole('button', { name: 'Excluir Óleo de Soja 900 ml' }).click();
    await modal().getByRole('button', { name: 'Excluir' }).click();
    await expectNotification('Produto Deletado!');
    await expect.poll(() => page.getByTestId(`product-row-${sku}`).count()).toBe(0);

    // and the supplier
    await openFromMenu('Fornecedores');
    await page
      .getByTestId('supplier-row-12ABC34501DE35')
      .getByRole('button', { name: `Excluir ${name}` })
      .click();
    await modal().getByRole('button', { name: 'Excluir' }).click();
    await expectNotification('Fornecedor Deletado!');
    await expect.poll(() => page.getByTestId('supplier-row-12ABC34501DE35').count()).toBe(0);
  });

  it('a refused deletion stays in its dialog with the server message', async () => {
    const sku = `REF-${Date.now()}`;
    const cookie = await adminCookie();
    const client = httpClient(cookie);
    const product = await createProduct(client, { sku, name: 'Feijão com movimento' });
    await stockIn(client, {
      productId: product.id,
      productUnityId: await defaultUnityId(client, product.id),
      quantity: '1',
      unitCost: '5.00',
    });
    const refused = await api(`/api/products/v1/${product.id}`, { method: 'DELETE', cookie });
    expect(refused.status).toBe(409);
    const { message } = await refused.json();

    await loginAsAdmin();
    await (await productRow(sku)).getByRole('button', { name: 'Excluir Feijão com movimento' }).click();
    await modal().getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(() => modal().getByTestId('modal-error').textContent()).toBe(message);
    expect(await modal().isVisible()).toBe(true);
    expect(await notification().count()).toBe(0);
    await modal().getByRole('button', { name: 'Cancelar' }).click();
    await modal().waitFor({ state: 'detached' });
    expect(await page.getByTestId(`product-row-${sku}`).isVisible()).toBe(true);
  });

  it('shows the server message when a duplicate SKU is added', async () => {
    await loginAsAdmin();
    await page.goto('/app/products');
    const sku = `DUP-${Date.now()}`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await page.getByRole('button', { name: 'Adicionar' }).click();
      await modal().getByLabel('Código (SKU)').fill(sku);
      await modal().getByLabel('Nome').fill('Duplicado');
      await modal().getByLabel('Categoria').selectOption({ label: 'Bebidas' });
      await modal().getByLabel('Unidade base').selectOption({ label: 'UN — Unidade' });
      await modal().getByRole('button', { name: 'Salvar' }).click();
      if (attempt === 0) {
        await expectNotification('Produto Adicionado!');
        await page.waitForURL(/\/app\/products\/\d+$/);
        await page.goto('/app/products');
      }
    }
    await expect
      .poll(() => notification().textContent())
      .toContain(`Já existe um produto com o código (SKU) ${sku}.`);
    expect(await notification().getAttribute('data-status')).toBe('0');
  });

  it('lists categories, unities and packaging types', async () => {
    await loginAsAdmin();
    await page.goto('/app/categories');
    await expect.poll(() => page.locator('main').textContent()).toContain('Higiene e Beleza');
    await page.goto('/app/unities');
    await expect.poll(() => page.locator('main').textContent()).toContain('Quilograma');
    await page.goto('/app/unity-batches');
    await expect.poll(() => page.locator('main').textContent()).toContain('Palete');
  });
});
