import { describe, expect, it } from 'vitest';
import { adminCookie, api, loginAsAdmin, page, useBrowser } from './fixtures.ts';

useBrowser();

describe('Configurações (issue 8 item 3)', () => {
  it('validates the CNPJ, saves IE and tax regime, and shows the document masked', async () => {
    await loginAsAdmin();
    await page.goto('/app/settings');
    // the business time zone in words, not its IANA id
    await page.getByText('Fuso horário: Horário de Brasília (São Paulo).').waitFor();
    expect(await page.locator('main').textContent()).not.toContain('America/Sao_Paulo');
    const documentField = page.getByLabel('CNPJ ou CPF');
    await documentField.fill('12.345.678/0001-00');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect
      .poll(() => page.getByText('CNPJ ou CPF inválido: confira os dígitos verificadores.').isVisible())
      .toBe(true);

    // the business's own CNPJ, unmasked: every browser test shares one business (NF-e addressed to it, filiais of its
    // root), so this one types it again rather than moving it; alphanumeric CNPJs are the API tests' (settings.test.ts)
    const admin = await adminCookie();
    const before = await (await api('/api/settings/v1', { cookie: admin })).json();
    const digits = String(before.businessDocument).replace(/[^0-9A-Z]/gi, '') || '11222333000181';
    const masked = `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;
    await documentField.fill(digits.toLowerCase());
    await page.getByLabel('Inscrição estadual').fill('isento');
    await page.getByLabel('Regime tributário').selectOption({ label: 'Lucro Presumido' });
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('notification').textContent())
      .toContain('Configurações Atualizadas!');
    await expect.poll(() => documentField.inputValue()).toBe(masked);

    const settings = await (await api('/api/settings/v1', { cookie: admin })).json();
    expect(settings).toMatchObject({
      businessDocument: masked,
      businessStateRegistration: 'ISENTO',
      taxRegime: 'presumido',
    });
    await page.reload();
    await expect.poll(() => page.getByLabel('Regime tributário').inputValue()).toBe('presumido');
    expect(await page.getByLabel('Inscrição estadual').inputValue()).toBe('ISENTO');
  });
});
