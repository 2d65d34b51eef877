import { describe, expect, it } from 'vitest';
import { cnpjFromBase } from '../test-support/factories.ts';
import { adminClient, loginAsAdmin, notification, openFromMenu, page, useBrowser } from './fixtures.ts';
import { businessDocument } from './nfe-helpers.ts';

useBrowser();

describe('establishments and locations', () => {
  it('adds a filial with its default location, a second location, makes it default and deletes the first', async () => {
    const n = Date.now() % 10_000;
    const root = (await businessDocument(await adminClient())).slice(0, 8);
    const cnpj = cnpjFromBase(`${root}${String(n).padStart(4, '0')}`);
    const name = `Filial ${n}`;

    await loginAsAdmin();
    await openFromMenu('Configurações');
    const form = page.getByRole('form', { name: 'Nova filial' });
    await form.getByLabel('Nome da filial').fill(name);
    await form.getByLabel('CNPJ da filial').fill(cnpj);
    await form.getByRole('button', { name: 'Adicionar filial' }).click();
    await expect.poll(() => notification().textContent()).toContain('Filial adicionada.');

    const card = page.getByRole('region', { name });
    await expect.poll(() => card.getByTestId('location-Principal').textContent()).toContain('padrão');
    await card.getByLabel(`Novo depósito em ${name}`).fill('Depósito');
    await card.getByRole('button', { name: 'Adicionar depósito' }).click();
    await card.getByTestId('location-Depósito').waitFor();
    await card.getByTestId('location-Depósito').getByRole('button', { name: 'Tornar padrão' }).click();
    await expect.poll(() => card.getByTestId('location-Depósito').textContent()).toContain('padrão');
    await card.getByRole('button', { name: 'Excluir Principal' }).click();
    await expect.poll(() => card.getByTestId('location-Principal').count()).toBe(0);
  });
});
