import { describe, expect, it } from 'vitest';
import {
  adminAccount,
  adminCookie,
  api,
  loginAs,
  loginAsAdmin,
  mainMenu,
  openFromMenu,
  page,
  uniqueEmail,
  useBrowser,
} from './fixtures.ts';

useBrowser();

describe('redirects', () => {
  it('sends visitors without a session to /login, from / and from /app pages', async () => {
    for (const path of ['/', '/qualquer/coisa', '/app/products', '/app/welcome']) {
      await page.goto(path);
      await page.waitForURL('**/login');
      await expect.poll(() => page.getByRole('heading', { name: 'Entrar' }).isVisible()).toBe(true);
    }
  });

  it('sends signed-in users from public pages and unknown paths to /app/welcome', async () => {
    await loginAsAdmin();
    for (const path of [
      '/login',
      '/register',
      '/forgot-password',
      '/documentation',
      '/nao-existe',
      '/app/nao-existe',
    ]) {
      await page.goto(path);
      await page.waitForURL('**/app/welcome');
    }
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Início');
  });
});

describe('register, login, logout', () => {
  it('registers, waits for approval, signs in after it and signs out', async () => {
    const email = uniqueEmail('novo');
    await page.goto('/register');
    await page.getByLabel('Nome completo').fill('Fernanda Lima');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill('curta');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await expect
      .poll(() => page.getByText('A senha deve ter no mínimo 8 caracteres.').isVisible())
      .toBe(true);
    await page.getByLabel('Senha').fill('senha-forte-123');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await expect.poll(() => page.getByText(/Um administrador precisa aprovar/).isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Ir para o login' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill('senha-forte-123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    // the reason stays on the form, said once (issue 33)
    await expect
      .poll(() => page.locator('form').getByRole('alert').textContent())
      .toContain('aguarda a aprovação');
    expect(await page.getByTestId('notification').count()).toBe(0);

    const admin = await adminCookie();
    const users = await (await api('/api/users?status=pending&per_page=100', { cookie: admin })).json();
    const id = users.data.find((user: { email: string }) => user.email === email).id;
    await api(`/api/users/${id}`, { method: 'PATCH', cookie: admin, body: { status: 'active' } });

    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/app/welcome');
    await expect.poll(() => page.getByText('Olá, Fernanda!').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await page.goto('/app/welcome');
    await page.waitForURL('**/login');
  });

  it('shows the server message for a wrong password', async () => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(adminAccount().email);
    await page.getByLabel('Senha').fill('senha-errada-000');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect
      .poll(() => page.locator('form').getByRole('alert').textContent())
      .toContain('E-mail ou senha inválidos.');
    expect(page.url()).toMatch(/\/login$/);
  });
});

describe('application shell', () => {
  it('keeps the theme across reloads under the local storage key "theme"', async () => {
    await loginAsAdmin();
    const initial = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.getByTestId('theme-toggle').click();
    const toggled = initial === 'dark' ? 'light' : 'dark';
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(toggled);
    await page.reload();
    await page.waitForSelector('[data-testid="page-title"]');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(toggled);
  });

  it('opens every menu entry with its title and never a blank page', async () => {
    await loginAsAdmin();
    const entries = [
      'Produtos',
      'Fornecedores',
      'Categorias',
      'Unidades',
      'Embalagens',
      'Estoque',
      'Entradas',
      'Saídas',
      'Movimentação',
      'Usuários',
      'Configurações',
      'Meu perfil',
      'Análises',
      'Início',
    ];
    const main = page.locator('main');
    for (const name of entries) {
      await openFromMenu(name);
      await expect.poll(() => page.getByTestId('page-title').textContent(), { message: name }).toBe(name);
      // The title shows before the screen's data arrives: wait for the content itself (a table, a form or an
      // empty-state message shown: Início keeps its charts' tables folded) and for the requests to end, never for a
      // fixed time.
      await main
        .locator('table:visible, form:visible, [role="status"]:visible')
        .first()
        .waitFor({ state: 'visible' });
      await page.getByTestId('global-loading').waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await main.innerText()).trim().length, { message: name })
        .toBeGreaterThan(10);
    }
  });

  it('sends the user to /login when the session ends mid-way (401)', async () => {
    await loginAsAdmin();
    await page.context().clearCookies();
    await mainMenu().getByRole('link', { name: 'Usuários' }).click();
    await page.waitForURL('**/login');
  });

  it("shows 'Carregando...' while a screen loads", async () => {
    await loginAsAdmin();
    // Hold the screen's code until the test has seen the loading state, then let it through: no fixed delay.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/users-page-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await mainMenu().getByRole('link', { name: 'Usuários' }).click();
    await expect.poll(() => page.getByText('Carregando...').first().isVisible()).toBe(true);
    release();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Usuários');
  });
});

describe('users screen', () => {
  it('approves a pending user from the list', async () => {
    const email = uniqueEmail('aprovar');
    await api('/api/auth/v1/register', {
      method: 'POST',
      body: { name: 'Gustavo Pendente', email, password: 'senha-forte-123' },
    });
    await loginAsAdmin();
    await page.goto('/app/users');
    const row = page.getByTestId(`user-row-${email}`);
    await expect.poll(() => row.textContent()).toContain('Aguardando aprovação');
    await row.getByRole('button', { name: 'Aprovar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aprovar' }).click();
    // The success toast lives 3.5 s: look for it first, while the list reloads, not after.
    await expect.poll(() => page.getByTestId('notification').textContent()).toContain('Usuário Atualizado!');
    await expect.poll(() => row.textContent()).toContain('Ativo');
    await page.context().clearCookies();
    await loginAs(email, 'senha-forte-123');
    // an operator who types the address of the users screen is told it is not theirs (DESIGN.md §6.7, issue 33)
    await page.goto('/app/users');
    await page.getByRole('heading', { name: 'Sem acesso' }).waitFor();
    expect(page.url()).toMatch(/\/app\/users$/);
  });

  it('on a 390 px phone each user is a card: Perfil at full width, Situação and Aprovar on screen', async () => {
    const email = uniqueEmail('celular');
    await api('/api/auth/v1/register', {
      method: 'POST',
      body: { name: 'Pessoa No Celular', email, password: 'senha-forte-123' },
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsAdmin();
    await page.goto('/app/users');
    const row = page.getByTestId(`user-row-${email}`);
    await expect.poll(() => row.textContent()).toContain('Aguardando aprovação');
    const scroller = page.getByTestId('table-scroll');
    expect(
      await scroller.evaluate((element) => element.scrollWidth - element.clientWidth),
    ).toBeLessThanOrEqual(0);
    expect(await page.getByTestId('table-scroll-hint').count()).toBe(0);
    const select = await row.getByLabel(`Perfil de ${email}`).boundingBox();
    expect(select!.width).toBeGreaterThanOrEqual(120);
    for (const control of [
      row.getByText('Aguardando aprovação'),
      row.getByRole('button', { name: 'Aprovar' }),
    ]) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    // still usable there: Aprovar asks first, as on a wide screen
    await row.getByRole('button', { name: 'Aprovar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).waitFor();
  });
});
