import { describe, expect, it } from 'vitest';
import { adminClient, createSupplier, loginAsAdmin, page, useBrowser } from './fixtures.ts';

useBrowser();

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
