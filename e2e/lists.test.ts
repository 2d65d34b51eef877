import { describe, expect, it } from 'vitest';
import {
  adminAccount,
  adminCookie,
  adminInOtherBrowser,
  api,
  loginAs,
  loginAsAdmin,
  mainMenu,
  modal,
  openFromMenu,
  page,
  uniqueEmail,
  useBrowser,
} from './fixtures.ts';

useBrowser();

async function createProducts(names: string[]) {
  const cookie = await adminCookie();
  const unities = await (await api('/api/unities/v1', { cookie })).json();
  const un = unities.find((u: { code: string }) => u.code === 'UN').id;
  const created: Array<{ id: number; sku: string; name: string }> = [];
  for (const [index, name] of names.entries()) {
    const response = await api('/api/products/v1', {
      method: 'POST',
      cookie,
      body: { sku: `LST-${Date.now()}-${index}`, name, categoryId: 1, baseUnityId: un },
    });
    if (response.status !== 201) throw new Error(await response.text());
    created.push(await response.json());
  }
  return created;
}

const productNames = () =>
  page
    .locator('[data-testid^="product-row-"] td:nth-child(2)')
    .evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''));
const header = (name: string) => page.getByRole('columnheader', { name });
const searchParam = (name: string) => new URL(page.url()).searchParams.get(name);

describe('lists in the browser', () => {
  it('sorts by a column header (Água with the A’s) and keeps search, filter, sort and page in the URL across reload and Back', async () => {
    const tag = `ord${Date.now()}`;
    const names = [`Item de teste 20 ${tag}`, `Água mineral ${tag}`, `Zebra ${tag}`, `banana ${tag}`];
    // 22 more so there is a second page
    const filler = Array.from({ length: 22 }, (_, i) => `Caixa ${String(i).padStart(2, '0')} ${tag}`);
    await createProducts([...names, ...filler]);
    await loginAsAdmin();
    await page.goto('/app/products');
    await page.getByRole('searchbox').fill(tag);
    await page.waitForURL((url) => url.searchParams.get('q') === tag);
    await page.getByLabel('Filtrar por status').selectOption('active');
    await page.waitForURL((url) => url.searchParams.get('status') === 'active');
    await expect.poll(async () => (await productNames())[0]).toBe(`Água mineral ${tag}`);
    expect((await productNames()).slice(0, 3)).toEqual([
      `Água mineral ${tag}`,
      `banana ${tag}`,
      `Caixa 00 ${tag}`,
    ]);
    expect(await header('Nome').getAttribute('aria-sort')).toBe('ascending');

    // by keyboard: the header is a button
    await header('Nome').getByRole('button').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('order') === 'desc');
    await expect.poll(async () => (await productNames())[0]).toBe(`Zebra ${tag}`);
    expect(await header('Nome').getAttribute('aria-sort')).toBe('descending');
    expect((await productNames()).slice(0, 2)).toEqual([`Zebra ${tag}`, `Item de teste 20 ${tag}`]);

    await page.getByRole('button', { name: 'Próxima' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(async () => (await productNames()).at(-1)).toBe(`Água mineral ${tag}`);

    await page.reload();
    await expect.poll(async () => (await productNames()).at(-1)).toBe(`Água mineral ${tag}`);
    expect(await page.getByRole('searchbox').inputValue()).toBe(tag);
    expect(await page.getByLabel('Filtrar por status').inputValue()).toBe('active');
    expect(await header('Nome').getAttribute('aria-sort')).toBe('descending');
    expect(await page.getByText('Página 2 de 2').count()).toBe(1);

    await page.getByRole('link', { name: `Água mineral ${tag}`, exact: true }).click();
    await page.waitForURL(/\/app\/products\/\d+$/);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/app/products');
    await expect.poll(async () => (await productNames()).at(-1)).toBe(`Água mineral ${tag}`);
    expect(searchParam('page')).toBe('2');
    expect(searchParam('q')).toBe(tag);
    expect(searchParam('order')).toBe('desc');

    // another column: sorted by code, first click ascending, back to page 1
    await header('Código').getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'sku');
    expect(searchParam('page')).toBeNull();
    expect(await header('Código').getAttribute('aria-sort')).toBe('ascending');
    expect(await header('Nome').getAttribute('aria-sort')).toBe('none');
  });

  it('shows an error raised in a modal inside the modal, not behind it', async () => {
    const [product] = await createProducts([`Duplicado modal ${Date.now()}`]);
    await loginAsAdmin();
    await page.goto('/app/products');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await modal().getByLabel('Código (SKU)').fill(product!.sku);
    await modal().getByLabel('Nome').fill('Outro nome');
    await modal().getByLabel('Categoria').selectOption({ label: 'Bebidas' });
    await modal().getByLabel('Unidade base').selectOption({ label: 'UN — Unidade' });
    await modal().getByRole('button', { name: 'Salvar' }).click();
    const inModal = modal().getByTestId('notification');
    await expect.poll(() => inModal.textContent()).toContain(`código (SKU) ${product!.sku}`);
    expect(await inModal.getAttribute('data-status')).toBe('0');
    expect(await inModal.isVisible()).toBe(true);
    // one message only, and none left outside the modal
    expect(await page.getByTestId('notification').count()).toBe(1);
  });

  it('asks before changing a user’s role', async () => {
    const email = uniqueEmail('perfil');
    const registered = await api('/api/auth/v1/register', {
      method: 'POST',
      body: { name: 'Pessoa do Perfil', email, password: 'senha-segura-123' },
    });
    const userId = (await registered.json()).user.id;
    const cookie = await adminCookie();
    await api(`/api/users/${userId}`, { method: 'PATCH', cookie, body: { status: 'active' } });
    const roleOf = async () => {
      const users = await (await api('/api/users?per_page=100', { cookie })).json();
      return users.data.find((u: { id: number }) => u.id === userId).role;
    };

    await loginAsAdmin();
    await page.goto('/app/users?sort=email');
    const select = page.getByLabel(`Perfil de ${email}`);
    await select.selectOption('admin');
    await modal().getByText('Tornar Pessoa do Perfil Administrador?').waitFor();
    await modal().getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => modal().count()).toBe(0);
    expect(await select.inputValue()).toBe('operator');
    expect(await roleOf()).toBe('operator');

    await select.selectOption('admin');
    await modal().getByRole('button', { name: 'Mudar perfil' }).click();
    await expect.poll(() => page.getByTestId('notification').textContent()).toContain('Usuário Atualizado!');
    await expect.poll(() => select.inputValue()).toBe('admin');
    expect(await roleOf()).toBe('admin');
  });

  it('at 390 px a list keeps its name, key figure and actions on screen, and the page does not widen', async () => {
    await createProducts([`Produto com um nome bastante comprido para o celular ${Date.now()}`]);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsAdmin();
    for (const path of ['/app/products', '/app/stock', '/app/users', '/app/categories']) {
      await page.goto(path);
      const scroller = page.getByTestId('table-scroll').first();
      await scroller.waitFor();
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(widths.page, path).toBeLessThanOrEqual(widths.viewport);
    }
    // the secondary columns (code, category, price, status…) are not drawn on a phone: nothing scrolls sideways
    const shownHeaders = () =>
      page
        .getByTestId('table-scroll')
        .first()
        .locator('thead th')
        .evaluateAll((cells) =>
          cells
            .filter((cell) => cell.getClientRects().length > 0)
            .map((cell) => (cell.textContent ?? '').replace(/[↑↓↕]/g, '').trim()),
        );
    const overflow = () =>
      page
        .getByTestId('table-scroll')
        .first()
        .evaluate((element) => element.scrollWidth - element.clientWidth);
    await page.goto('/app/products');
    await expect.poll(shownHeaders).toEqual(['Nome', 'Estoque', 'Ações']);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // the row's "open product" action is on screen
    const details = await page
      .getByRole('link', { name: /^Detalhes de / })
      .first()
      .boundingBox();
    expect(details && details.x >= 0 && details.x + details.width <= 390).toBe(true);
    await page.goto('/app/stock');
    await expect.poll(shownHeaders).toEqual(['Produto', 'Quantidade']);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // at 1280 px every column is back
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect
      .poll(shownHeaders)
      .toEqual([
        'Código',
        'Produto',
        'Categoria',
        'Quantidade',
        'Custo médio',
        'Valor total',
        'Últ. mov.Última movimentação',
      ]);
  });

  it('an inverted date range shows the error and clears the rows', async () => {
    const [product] = await createProducts([`Produto do período ${Date.now()}`]);
    const cookie = await adminCookie();
    const units = await (await api(`/api/products/v1/${product!.id}/unity/v1/select`, { cookie })).json();
    const productUnityId = units.find((u: { isDefault: boolean }) => u.isDefault).id;
    const entry = await api('/api/stock/in/v1', {
      method: 'POST',
      cookie,
      body: {
        productId: product!.id,
        productUnityId,
        quantity: '1',
        unitCost: '1',
        occurredOn: '2026-03-10',
      },
    });
    expect(entry.status).toBe(201);

    await loginAsAdmin();
    await page.goto('/app/stock-in?from=2026-03-01&to=2026-03-31');
    await expect.poll(() => page.getByTestId('ledger-table').textContent()).toContain(product!.name);
    await page.getByLabel('Até').fill('01/02/2026');
    await page.getByText('A data inicial deve ser anterior ou igual à final.').waitFor();
    expect(await page.getByTestId('ledger-table').count()).toBe(0);
    expect(searchParam('to')).toBe('2026-02-01');
  });

  it('clears a failed sign-in’s error once signed in, and keeps toasts off the header', async () => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(adminAccount().email);
    await page.getByLabel('Senha').fill('senha-errada-123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    // the reason stays on the form, said once (no toast beside it: issue 33)
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    expect(await page.getByTestId('notification').count()).toBe(0);
    await loginAs(adminAccount().email, adminAccount().password);
    expect(await page.getByTestId('notification').count()).toBe(0);

    // a page out of range: the server's error toast, which must not overlap the header (bell and user menu)
    await page.goto('/app/products?page=999999999');
    const toast = page.getByTestId('notification');
    await toast.waitFor();
    const toastBox = await toast.boundingBox();
    const headerBox = await page.locator('header, .navbar').first().boundingBox();
    expect(toastBox && headerBox && toastBox.y >= headerBox.y + headerBox.height).toBe(true);
  });

  it('opens the guide inside the app from the menu', async () => {
    await loginAsAdmin();
    await openFromMenu('Ajuda');
    await page.waitForURL('**/app/help');
    await page.getByRole('heading', { name: 'Primeiros passos' }).waitFor();
    await page.getByRole('heading', { name: 'Planilha mensal de movimentação' }).waitFor();
    expect(await mainMenu().isVisible()).toBe(true);
  });

  it('says at preview that the file was already imported for the month, and Importar stays off', async () => {
    const [product] = await createProducts([`Produto da planilha repetida ${Date.now()}`]);
    const csv = Buffer.from(
      `Data;Código;Tipo;Quantidade;Unidade;Custo Unitário;Fornecedor;Documento;Observação\n05/03/2026;${product!.sku};Entrada;2;;10;;;\n`,
    );
    const file = { name: `repetida-${product!.id}.csv`, mimeType: 'text/csv', buffer: csv };
    await loginAsAdmin();
    await page.goto('/app/stock-movement?year=2026&month=3');
    await page.getByLabel('Planilha de movimentação').setInputFiles(file);
    await expect.poll(() => page.getByTestId('preview-summary').textContent()).toMatch(/válida/);
    expect(await page.getByTestId('preview-duplicate').count()).toBe(0);
    await page.getByRole('button', { name: 'Importar' }).click();
    await expect.poll(() => page.getByTestId('movements-table').textContent()).toContain(file.name);

    await page.getByLabel('Planilha de movimentação').setInputFiles({ ...file, name: 'copia.csv' });
    await page.getByTestId('preview-duplicate').waitFor();
    expect(await page.getByTestId('preview-duplicate').textContent()).toContain(file.name);
    expect(await page.getByRole('button', { name: 'Importar' }).isDisabled()).toBe(true);
  });

  it('defaults the movement date to the business’s today, whatever the browser’s time zone', async () => {
    const businessToday = (zone: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    // one of these is always on another calendar day than São Paulo
    const zone = ['Pacific/Kiritimati', 'Etc/GMT+12'].find(
      (candidate) => businessToday(candidate) !== businessToday('America/Sao_Paulo'),
    )!;
    const other = await adminInOtherBrowser({ timezoneId: zone });
    await other.goto('/app/stock-out');
    await other.getByRole('button', { name: 'Registrar saída' }).click();
    await other.locator('dialog[open]').getByLabel('Data').waitFor();
    await expect
      .poll(() => other.locator('dialog[open]').getByLabel('Data').inputValue())
      .toBe(businessToday('America/Sao_Paulo').split('-').reverse().join('/'));
    await other.context().close();
  });
});
