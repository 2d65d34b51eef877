import { beforeAll, describe, expect, it } from 'vitest';
import { api, loginAsAdmin, page, uniqueEmail, useBrowser } from './fixtures.ts';
import { documentWidth, seedProductWithBox, seedStock, seriousViolations } from './a11y-helpers.ts';

useBrowser();

/** The app answers within the page's own timeout, also on a busy machine. */
const WAIT = { timeout: 10_000 };

const PHONE = { width: 390, height: 844 };

interface Screen {
  path: string;
  title: string;
  /** Text that is on the screen only once its data has arrived. */
  content?: string;
}

let sku = '';
let productId = 0;
let productName = '';
let screens: Screen[] = [];

const publicScreens: Screen[] = [
  { path: '/login', title: 'Entrar', content: 'Entrar' },
  { path: '/register', title: 'Criar conta', content: 'Criar conta' },
  { path: '/forgot-password', title: 'Recuperar senha', content: 'Recuperar senha' },
  { path: '/documentation', title: 'Documentação', content: 'Guia do Armazém' },
];

beforeAll(async () => {
  sku = `A11Y-${Date.now()}`;
  productName = 'Água mineral 500 ml com um nome longo de verdade';
  const { cookie, product, box } = await seedProductWithBox(sku, productName);
  productId = product.id;
  await seedStock(cookie, product.id, box.id);
  // A pending user: the notifications drawer and Usuários then show a request to review.
  await api('/api/auth/v1/register', {
    method: 'POST',
    body: { name: 'Pessoa Aguardando', email: uniqueEmail('pendente'), password: 'senha-segura-123' },
  });
  screens = [
    { path: '/app/welcome', title: 'Início', content: productName },
    { path: '/app/products', title: 'Produtos', content: sku },
    { path: `/app/products/${productId}`, title: productName, content: 'Caixa c/ 12 UN' },
    { path: '/app/suppliers', title: 'Fornecedores' },
    { path: '/app/categories', title: 'Categorias' },
    { path: '/app/unities', title: 'Unidades', content: 'Unidade' },
    { path: '/app/unity-batches', title: 'Embalagens', content: 'Caixa' },
    { path: '/app/stock', title: 'Estoque', content: sku },
    { path: '/app/stock-in', title: 'Entradas', content: sku },
    { path: '/app/stock-out', title: 'Saídas', content: sku },
    { path: '/app/stock-movement', title: 'Movimentação' },
    { path: '/app/nfe', title: 'Notas fiscais' },
    { path: '/app/counts', title: 'Balanço' },
    { path: '/app/inventory', title: 'Inventário', content: sku },
    { path: '/app/users', title: 'Usuários', content: 'Pessoa Aguardando' },
    { path: '/app/settings', title: 'Configurações' },
    { path: '/app/audit', title: 'Auditoria', content: 'Pessoa Aguardando' },
    { path: '/app/profile', title: 'Meu perfil', content: 'admin@e2e.com.br' },
    // last, so the indexes above stay: the batch mode of Notas fiscais (DESIGN.md §6.4)
    { path: '/app/nfe?modo=lote', title: 'Notas fiscais', content: 'Lotes importados' },
  ];
});

/** Opens a screen and waits until its title, its data and no loading indicator are on it. */
async function visit(screen: Screen, signedIn: boolean) {
  await page.goto(screen.path);
  if (signedIn) {
    await expect.poll(() => page.getByTestId('page-title').textContent(), WAIT).toBe(screen.title);
  }
  // attached, not visible: on a phone a list does not draw its secondary columns (the code beside the name)
  if (screen.content) await page.getByText(screen.content).first().waitFor({ state: 'attached' });
  await page.getByTestId('global-loading').waitFor({ state: 'detached' });
  await page.getByRole('status').filter({ hasText: 'Carregando' }).first().waitFor({ state: 'detached' });
}

async function useTheme(theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
}

async function checkScreens(list: Screen[], signedIn: boolean) {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(theme);
    for (const screen of list) {
      await visit(screen, signedIn);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(theme);
      for (const line of await seriousViolations(page)) found.push(`[${theme}] ${screen.path}: ${line}`);
    }
  }
  return found;
}

/** What has the focus: its name, whether a 2 px line is drawn around it and its contrast with the page. */
const focused = () =>
  page.evaluate(() => {
    const rgb = (color: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d')!;
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3);
    };
    const luminance = (color: string) => {
      const [r = 0, g = 0, b = 0] = rgb(color).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    // the colour the line is drawn on: the nearest box with a background of its own
    let box: HTMLElement | null = element.parentElement;
    while (box && getComputedStyle(box).backgroundColor === 'rgba(0, 0, 0, 0)') box = box.parentElement;
    const [a, b] = [
      luminance(style.outlineColor),
      luminance(getComputedStyle(box ?? document.body).backgroundColor),
    ];
    return {
      name: element.textContent?.trim() ?? '',
      drawn: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
    };
  });

/** Tab once; then what has the focus (as `focused`). */
async function tabTo() {
  await page.keyboard.press('Tab');
  return focused();
}

describe('accessibility', () => {
  it('no serious or critical axe violation on any public screen, light and dark', async () => {
    await page.goto('/login');
    expect(await checkScreens(publicScreens, false)).toEqual([]);
  }, 120_000);

  it('no serious or critical axe violation on any screen under /app, light and dark', async () => {
    await loginAsAdmin();
    expect(await checkScreens(screens, true)).toEqual([]);

    // What only shows after an action, in both themes: the notifications drawer, a form's field errors, the
    // picker's highlighted option and the inline warning of an exit above the balance.
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(theme);
      await visit(screens[0]!, true);
      await page.getByRole('button', { name: 'Notificações' }).click();
      await page.getByRole('dialog', { name: 'Notificações' }).getByText('Pessoa Aguardando').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await visit(screens[9]!, true);
      await page.getByRole('button', { name: 'Registrar saída' }).click();
      const modal = page.locator('dialog[open]');
      await modal.getByRole('button', { name: 'Registrar saída' }).click();
      await modal.getByRole('alert').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      const picker = modal.getByRole('combobox', { name: 'Produto' });
      await picker.fill(sku.slice(0, -2));
      await modal.getByRole('option', { name: sku }).waitFor();
      await picker.press('ArrowDown');
      await modal.locator('[role="option"][aria-selected="true"]').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await picker.press('Enter');
      await modal.getByTestId('available-balance').waitFor();
      await modal.getByLabel('Quantidade').fill('9999');
      await modal.getByText('A quantidade passa do saldo disponível').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
    }
  }, 240_000);

  it('no screen is wider than a 390 px phone, and the phone layout passes axe', async () => {
    await page.setViewportSize(PHONE);
    const tooWide: string[] = [];
    for (const screen of publicScreens) {
      await visit(screen, false);
      const { width, culprits } = await documentWidth(page);
      if (width > PHONE.width) tooWide.push(`${screen.path}: ${width}px (${culprits.join(', ')})`);
    }
    await loginAsAdmin();
    for (const screen of screens) {
      await visit(screen, true);
      const { width, culprits } = await documentWidth(page);
      if (width > PHONE.width) tooWide.push(`${screen.path}: ${width}px (${culprits.join(', ')})`);
    }
    expect(tooWide).toEqual([]);

    // The phone layout of the shell (menu button, header) and of the screens widened before, in both themes.
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(theme);
      for (const screen of [screens[0]!, screens[2]!]) {
        await visit(screen, true);
        for (const line of await seriousViolations(page)) found.push(`[${theme}] ${screen.path}: ${line}`);
      }
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('the main menu and the user menu draw keyboard focus clearly in both themes; the user menu opens and closes by keyboard', async () => {
    await loginAsAdmin();
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(theme);
      await visit(screens[0]!, true);
      await page
        .getByRole('navigation', { name: 'Menu principal' })
        .getByRole('link', { name: 'Início' })
        .focus();
      const item = await tabTo();
      expect(item.name, theme).toBe('Análises');
      expect(item.drawn, theme).toBe(true);
      expect(item.contrast, theme).toBeGreaterThanOrEqual(3);

      // closed, its items are not Tab stops: from its button Tab leaves the header
      const trigger = page.getByRole('button', { name: 'Menu do usuário' });
      await page.getByRole('button', { name: 'Notificações' }).focus();
      expect((await tabTo()).name).toContain('Menu do usuário');
      expect(await trigger.getAttribute('aria-haspopup')).toBe('menu');
      expect(await trigger.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('menuitem').count()).toBe(0);
      expect((await tabTo()).name).not.toMatch(/^(Meu perfil|Configurações|Sair)$/);

      // Enter opens it on its first item; the arrows go through the three, each drawn focused
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await focused()).name).toBe('Meu perfil');
      expect(await trigger.getAttribute('aria-expanded')).toBe('true');
      for (const name of ['Meu perfil', 'Configurações', 'Sair']) {
        if (name !== 'Meu perfil') await page.keyboard.press('ArrowDown');
        const stop = await focused();
        expect(stop.name, theme).toBe(name);
        expect(stop.drawn, `${theme}: ${name}`).toBe(true);
        expect(stop.contrast, `${theme}: ${name}`).toBeGreaterThanOrEqual(3);
      }
      // open (once it has faded in), its markup passes axe
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      expect(await seriousViolations(page)).toEqual([]);
      // Escape closes it and gives the focus back to its button
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('menuitem').count()).toBe(0);
      expect(await trigger.getAttribute('aria-expanded')).toBe('false');
      expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    }
  });

  it('"Exportar" opens by keyboard, draws its focus, and Escape closes it back onto its button', async () => {
    await loginAsAdmin();
    await visit(screens[7]!, true);
    const trigger = page.getByRole('button', { name: 'Exportar' });
    await trigger.focus();
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('menuitem').count()).toBe(0);
    expect((await tabTo()).name).not.toContain('(.xlsx)');

    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused()).name).toBe('Planilha Excel (.xlsx)');
    expect((await focused()).drawn).toBe(true);
    await page.keyboard.press('ArrowDown');
    const second = await focused();
    expect(second.name).toBe('Texto CSV (.csv)');
    expect(second.drawn).toBe(true);
    expect(second.contrast).toBeGreaterThanOrEqual(3);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menuitem').count()).toBe(0);
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('the first Tab stop of the app is "Pular para o conteúdo", shown when focused, and it moves to the content', async () => {
    await loginAsAdmin();
    await visit(screens[1]!, true);
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect((await tabTo()).name).toBe('Pular para o conteúdo');
    const box = await skip.boundingBox();
    expect(box && box.width > 40 && box.height > 20 && box.y >= 0).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    // the next Tab is in the screen's content, past the header and the main menu
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  });

  it('the notifications drawer works by keyboard and is hidden from assistive technology while closed', async () => {
    await loginAsAdmin();
    expect(await page.getByRole('dialog').count()).toBe(0);

    const bell = page.getByRole('button', { name: 'Notificações' });
    await bell.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Notificações' });
    await drawer.waitFor();
    await drawer.getByText('Pessoa Aguardando').waitFor();
    const focusInDrawer = () =>
      page.evaluate(() =>
        Boolean(document.activeElement?.closest('dialog[aria-labelledby="right-drawer-title"]')),
      );
    expect(await focusInDrawer()).toBe(true);

    // Tab and Shift+Tab go round the drawer's controls and never reach the page behind it.
    const controls = await drawer.locator('a[href], button').count();
    expect(controls).toBeGreaterThan(1);
    for (let i = 0; i < controls + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDrawer()).toBe(true);
    }
    for (let i = 0; i < controls + 2; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDrawer()).toBe(true);
    }

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await bell.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('on a phone the main menu is a dialog: opened by keyboard on its first link, Tab stays inside, Escape, its close button, a link or the overlay close it back onto "Abrir menu"', async () => {
    await page.setViewportSize(PHONE);
    await loginAsAdmin();
    const opener = page.getByRole('button', { name: 'Abrir menu' });
    const menu = page.getByRole('dialog', { name: 'Menu', exact: true });
    const focusInMenu = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"][aria-label="Menu"]')));
    const onOpener = () => opener.evaluate((element) => element === document.activeElement);
    const openByKeyboard = async () => {
      await opener.focus();
      await page.keyboard.press('Enter');
      await menu.waitFor();
      await expect.poll(async () => (await focused()).name).toBe('Início');
    };
    const closedOnOpener = async () => {
      await expect.poll(() => menu.count()).toBe(0);
      await expect.poll(onOpener).toBe(true);
      await expect
        .poll(() => page.getByRole('link', { name: 'Início', exact: true }).isVisible())
        .toBe(false);
    };
    expect(await menu.count()).toBe(0);

    await openByKeyboard();
    // Tab and Shift+Tab go round its links and its close button, never to the page behind it
    const stops = await menu.locator('a[href], button').count();
    expect(stops).toBeGreaterThan(5);
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < stops + 2; i += 1) {
        await page.keyboard.press(key);
        expect(await focusInMenu()).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await closedOnOpener();

    await openByKeyboard();
    await menu.getByRole('button', { name: 'Fechar menu' }).click();
    await closedOnOpener();

    await openByKeyboard();
    await menu.getByRole('link', { name: 'Produtos', exact: true }).click();
    await page.waitForURL('**/app/products');
    await closedOnOpener();

    // a tap on the page beside the menu (its overlay)
    await openByKeyboard();
    await page.mouse.click(PHONE.width - 20, PHONE.height / 2);
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(onOpener).toBe(true);
  });
});
