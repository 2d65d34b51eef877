import { describe, expect, it } from 'vitest';
import {
  adminClient,
  adminCookie,
  api,
  createBox,
  createProduct,
  defaultUnityId,
  loginAsAdmin,
  modal,
  notification,
  openFromMenu,
  page,
  stockIn,
  unityId,
  useBrowser,
} from './fixtures.ts';

useBrowser();

async function createProductWithBox(sku: string, name: string) {
  const admin = await adminClient();
  const product = await createProduct(admin, { sku, name, minStock: 20 });
  await createBox(admin, product.id, 12);
  return product;
}

async function pickProduct(sku: string) {
  await modal().getByLabel('Produto').fill(sku);
  await modal().getByRole('option').filter({ hasText: sku }).first().click();
}

describe('stock in the browser', () => {
  it('receives boxes, issues units, and shows exact balances, values and notifications', async () => {
    const sku = `STK-${Date.now()}`;
    await createProductWithBox(sku, 'Suco de Uva 1 L');
    await loginAsAdmin();

    // entry: 3 boxes of 12 at R$ 120,00
    await page.goto('/app/stock-in');
    await page.getByRole('button', { name: 'Registrar entrada' }).click();
    await pickProduct(sku);
    await modal().getByLabel('Unidade').selectOption({ label: 'Caixa c/ 12 UN' });
    await modal().getByLabel('Quantidade').fill('3');
    await expect.poll(() => modal().getByText('= 36 UN').isVisible()).toBe(true);
    await modal().getByLabel('Custo unitário (R$)').fill('120,00');
    await modal().getByLabel('Documento (opcional)').fill('NF 555');
    await modal().getByRole('button', { name: 'Registrar entrada' }).click();
    await expect.poll(() => notification().textContent()).toContain('Entrada De Estoque Adicionada!');
    await expect.poll(() => page.getByTestId('ledger-table').textContent()).toContain(sku);
    expect(await page.getByTestId('ledger-table').textContent()).toContain('R$\u00a0360,00');

    // exit: 5 units, balance shown while typing
    await openFromMenu('Saídas');
    await page.getByRole('button', { name: 'Registrar saída' }).click();
    await pickProduct(sku);
    await expect
      .poll(() => modal().getByTestId('available-balance').textContent())
      .toContain('Disponível: 36 UN');
    // more than there is: refused in the dialog; corrected, saved, and the success is said after the refusal
    await modal().getByLabel('Quantidade').fill('50');
    await modal().getByLabel('Motivo').selectOption({ label: 'Venda' });
    await modal().getByRole('button', { name: 'Registrar saída' }).click();
    await expect.poll(() => modal().getByTestId('notification').textContent()).toContain('ficaria negativo');
    await modal().getByLabel('Quantidade').fill('5');
    await modal().getByRole('button', { name: 'Registrar saída' }).click();
    await expect.poll(() => notification().textContent()).toContain('Saída De Estoque Adicionada!');
    await expect.poll(() => page.getByTestId('ledger-table').textContent()).toContain(sku);
    // the next dialog opens clean: the page's last notification is not shown inside it
    await page.getByRole('button', { name: 'Registrar saída' }).click();
    await modal().getByLabel('Produto').waitFor();
    expect(await modal().getByTestId('notification').count()).toBe(0);
    await page.keyboard.press('Escape');
    await modal().waitFor({ state: 'detached' });

    // balances: 31 UN at R$ 10,00 = R$ 310,00
    await openFromMenu('Estoque');
    // the list is paged and other tests add products: look this one up, as a person would
    await page.goto(`/app/stock?q=${encodeURIComponent(sku)}`);
    const row = page.getByTestId(`stock-row-${sku}`);
    await expect.poll(() => row.getByTestId('stock-quantity').textContent()).toBe('31 UN');
    expect(await row.getByTestId('stock-average').textContent()).toBe('R$\u00a010,00');
    expect(await row.getByTestId('stock-value').textContent()).toBe('R$\u00a0310,00');
    expect(await row.getAttribute('data-below-minimum')).toBe('false');
  });

  it('refuses an exit above the balance with the Portuguese message and changes nothing', async () => {
    const sku = `OVR-${Date.now()}`;
    await createProductWithBox(sku, 'Biscoito Maizena');
    const cookie = await adminCookie();
    const units = await (await api(`/api/products/v1/select?q=${sku}`, { cookie })).json();
    const select = await (await api(`/api/products/v1/${units[0].id}/unity/v1/select`, { cookie })).json();
    await api('/api/stock/in/v1', {
      method: 'POST',
      cookie,
      body: { productId: units[0].id, productUnityId: select[0].id, quantity: 10, unitCost: 2 },
    });

    await loginAsAdmin();
    await page.goto('/app/stock-out');
    await page.getByRole('button', { name: 'Registrar saída' }).click();
    await pickProduct(sku);
    await modal().getByLabel('Unidade').selectOption({ label: 'Caixa c/ 12 UN' });
    await modal().getByLabel('Quantidade').fill('1');
    await expect
      .poll(() =>
        modal()
          .getByText(/passa do saldo disponível/)
          .isVisible(),
      )
      .toBe(true);
    await modal().getByLabel('Motivo').selectOption({ label: 'Perda' });
    await modal().getByRole('button', { name: 'Registrar saída' }).click();
    await expect
      .poll(() => notification().textContent())
      .toMatch(
        // the location is named while the business keeps more than one (the e2e files share one business)
        /Em \d{2}\/\d{2}\/\d{4} o saldo de Biscoito Maizena( em [^:]+)? ficaria negativo: disponível 10 UN, solicitado 12 UN\./,
      );
    expect(await notification().getAttribute('data-status')).toBe('0');
    await page.keyboard.press('Escape');

    await page.goto(`/app/stock?q=${encodeURIComponent(sku)}`);
    const row = page.getByTestId(`stock-row-${sku}`);
    await expect.poll(() => row.getByTestId('stock-quantity').textContent()).toBe('10 UN');
    expect(await row.getAttribute('data-below-minimum')).toBe('true');

    // the bell counts it and the drawer lists it
    await page.getByRole('button', { name: 'Notificações' }).click();
    await expect.poll(() => page.getByTestId('below-minimum-list').textContent()).toContain(sku);
  });

  it('shows the dashboard totals on the welcome screen', async () => {
    await createProduct(await adminClient(), { name: 'Produto do Painel' });
    await loginAsAdmin();
    await expect.poll(() => page.getByTestId('dashboard-value').textContent()).toMatch(/^R\$\u00a0/);
    await expect
      .poll(async () => Number(await page.getByTestId('dashboard-products').textContent()))
      .toBeGreaterThan(0);
  });

  it('at 1280 × 800 the balances fit their card: long name, large figures, the minimum under the quantity', async () => {
    const admin = await adminClient();
    const product = await createProduct(admin, {
      name: 'Refrigerante de Guaraná Antarctica Zero Açúcar 2 L',
      baseUnityId: await unityId(admin, 'KG'),
      minStock: 50000,
    });
    await stockIn(admin, {
      productId: product.id,
      productUnityId: await defaultUnityId(admin, product.id),
      quantity: '12345.5',
      unitCost: '1234.56',
      document: 'NF-e 000123456',
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAsAdmin();
    await page.goto(`/app/stock?q=${encodeURIComponent(product.sku)}`);
    const row = page.getByTestId(`stock-row-${product.sku}`);
    await expect.poll(() => row.getByTestId('stock-quantity').textContent()).toBe('12.345,5 KG');
    expect(await row.getByTestId('stock-minimum').textContent()).toBe('mín. 50.000');
    expect(await row.getAttribute('data-below-minimum')).toBe('true');
    const scroller = page.getByTestId('table-scroll');
    expect(
      await scroller.evaluate((element) => element.scrollWidth - element.clientWidth),
    ).toBeLessThanOrEqual(0);
    // the short header still says its whole name, on hover and to screen readers
    const lastMovement = page.getByRole('columnheader', { name: 'Última movimentação' });
    expect(await lastMovement.locator('[title="Última movimentação"]').count()).toBe(1);
    // the name wraps to two lines at most
    const lines = await row
      .locator('td')
      .nth(1)
      .evaluate((cell) => {
        const range = document.createRange();
        range.selectNode(cell.firstChild!);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
    expect(lines).toBeLessThanOrEqual(2);
  });
});
