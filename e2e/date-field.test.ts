import { describe, expect, it } from 'vitest';
import { adminInOtherBrowser, useBrowser } from './fixtures.ts';

useBrowser();

const businessToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const br = (iso: string) => iso.split('-').reverse().join('/');

describe('a date field in an English browser (issue 33)', () => {
  it('reads and accepts dd/mm/aaaa, says a date that does not exist is not valid, and keeps ISO in the URL', async () => {
    const other = await adminInOtherBrowser({ locale: 'en-US' });

    await other.goto('/app/stock-out');
    await other.getByRole('button', { name: 'Registrar saída' }).click();
    const date = other.locator('dialog[open]').getByLabel('Data');
    await expect.poll(() => date.inputValue()).toBe(br(businessToday()));
    expect(await date.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    await date.fill('');
    await date.pressSequentially('31112026');
    expect(await date.inputValue()).toBe('31/11/2026');
    await other.getByText('31/11/2026 não é uma data válida.').waitFor();
    await other.keyboard.press('Escape');

    // Estoque "Saldo em": typed the Brazilian way, kept in the URL as the API's ISO date
    const year = Number(businessToday().slice(0, 4)) - 1;
    await other.goto('/app/stock');
    await other.getByLabel('Saldo em').fill(`05/02/${year}`);
    await other.waitForURL(new RegExp(`date=${year}-02-05`));
    await other.reload();
    await expect.poll(() => other.getByLabel('Saldo em').inputValue()).toBe(`05/02/${year}`);
    await other.context().close();
  });
});
