import { describe, expect, it } from 'vitest';
import {
  adminClient,
  adminCookie,
  api,
  createUser,
  loginAs,
  loginAsAdmin,
  notification,
  page,
  useBrowser,
} from './fixtures.ts';

useBrowser();

// Permissions per action (DESIGN.md §6.7, issue 33): a screen an operator cannot use says so, and admins choose what
// operators may in Configurações.
describe('permissions', () => {
  it('an operator who opens /app/users sees "Sem acesso" and why, and stays there', async () => {
    const operator = await createUser(await adminClient(), { name: 'Olga Operadora' });
    await loginAs(operator.email, operator.password);
    await page.goto('/app/users');
    await page.getByRole('heading', { name: 'Sem acesso' }).waitFor();
    const text = await page.getByRole('alert').textContent();
    expect(text).toContain('Apenas administradores podem ver, aprovar e alterar usuários.');
    expect(page.url()).toMatch(/\/app\/users$/);
    // no list was asked for: the refusal is the screen's, not an error of a call
    expect(await page.getByTestId('table-scroll').count()).toBe(0);
  });

  it('an admin lets operators post counts in Configurações, with the success notification', async () => {
    const cookie = await adminCookie();
    await loginAsAdmin();
    await page.goto('/app/settings');
    const form = page.getByTestId('permissions-form');
    const post = form.getByLabel('Efetivar balanço');
    expect(await post.isChecked()).toBe(false);
    await post.check();
    await form.getByRole('button', { name: 'Salvar permissões' }).click();
    await expect.poll(() => notification().textContent()).toContain('Permissões Atualizadas!');
    const saved = await (await api('/api/settings/v1/permissions', { cookie })).json();
    expect(saved.operator['count.post']).toBe(true);
    // the other browser tests keep the defaults
    await api('/api/settings/v1/permissions', {
      method: 'PUT',
      cookie,
      body: { operator: { 'count.post': false } },
    });
  });
});
