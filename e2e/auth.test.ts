import { describe, expect, it } from 'vitest';
import { adminCookie, api, loginAs, mainMenu, page, uniqueEmail, useBrowser } from './fixtures.ts';

useBrowser();

const PASSWORD = 'senha-forte-123';

/** Registers someone through the API and sets the status an admin would. */
async function account(status: 'pending' | 'active' | 'disabled') {
  const email = uniqueEmail(status);
  const registered = await api('/api/auth/v1/register', {
    method: 'POST',
    body: { name: 'Rita Souza', email, password: PASSWORD },
  });
  const { user } = (await registered.json()) as { user: { id: number } };
  const admin = await adminCookie();
  const setStatus = async (next: 'active' | 'disabled') => {
    const response = await api(`/api/users/${user.id}`, {
      method: 'PATCH',
      cookie: admin,
      body: { status: next },
    });
    expect(response.status).toBe(200);
  };
  if (status !== 'pending') await setStatus('active');
  if (status === 'disabled') await setStatus('disabled');
  return { email, setStatus };
}

async function submitLogin(email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const formAlert = () => page.locator('form').getByRole('alert');

describe('the login page says why an account cannot sign in (issue 8 item 6)', () => {
  it('a disabled account', async () => {
    const { email } = await account('disabled');
    await submitLogin(email);
    await expect
      .poll(() => formAlert().textContent())
      .toBe('Seu acesso está desativado. Fale com um administrador.');
    expect(page.url()).toMatch(/\/login$/);
  });

  it('an account awaiting approval, and a wrong password', async () => {
    const { email } = await account('pending');
    await submitLogin(email);
    await expect
      .poll(() => formAlert().textContent())
      .toBe('Seu cadastro aguarda a aprovação de um administrador.');
    await submitLogin(email, 'senha-errada-000');
    await expect.poll(() => formAlert().textContent()).toBe('E-mail ou senha inválidos.');
    // said once, on the form: no notification repeats it (issue 33)
    expect(await page.getByText('E-mail ou senha inválidos.').count()).toBe(1);
    expect(await page.getByTestId('notification').count()).toBe(0);
  });

  it('someone signed in whose account is disabled meanwhile is sent to the login page and told why', async () => {
    const { email, setStatus } = await account('active');
    await loginAs(email, PASSWORD);
    await setStatus('disabled');
    // the next call the screen makes is refused: the menu click, or a live update that lands first
    const sentAway = page.waitForURL('**/login');
    await Promise.race([
      mainMenu()
        .getByRole('link', { name: 'Produtos', exact: true })
        .click()
        .catch(() => undefined),
      sentAway,
    ]);
    await sentAway;
    await expect
      .poll(() => page.getByTestId('notification').textContent())
      .toContain('Seu acesso foi desativado por um administrador.');
  });
});

describe('show the password (issue 33)', () => {
  it.each(['/register', '/login'])('shows and hides the password on %s', async (url) => {
    await page.goto(url);
    const password = page.getByLabel('Senha', { exact: true });
    await password.fill('segredo-123');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    expect(await page.getByRole('button', { name: 'Mostrar senha' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });
});
