import { describe, expect, it } from 'vitest';
import { loginAsAdmin, modal, page, useBrowser } from './fixtures.ts';
import { seedProductWithBox, seedStock } from './a11y-helpers.ts';

useBrowser();

/** The app answers within the page's own timeout, also on a busy machine. */
const WAIT = { timeout: 10_000 };

const picker = () => modal().getByRole('combobox', { name: 'Produto' });
const isFocused = (locator: ReturnType<typeof modal>) =>
  locator.evaluate((element) => element === document.activeElement);

async function openExitForm() {
  await page.goto('/app/stock-out');
  await page.getByRole('button', { name: 'Registrar saída' }).click();
  await picker().waitFor();
}

describe('product picker with a barcode scanner and the keyboard', () => {
  it('a package barcode + Enter picks the product and that package, focuses Quantidade and submits nothing', async () => {
    const sku = `SCAN-${Date.now()}`;
    const { cookie, product, box } = await seedProductWithBox(sku, 'Refrigerante lata 350 ml');
    await seedStock(cookie, product.id, box.id);
    await loginAsAdmin();
    await openExitForm();
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/stock/out/v1')) posted += 1;
    });

    await picker().focus();
    // A scanner types the digits quickly and ends with Enter.
    await page.keyboard.type(box.barcode, { delay: 5 });
    await page.keyboard.press('Enter');

    await expect.poll(() => modal().getByTestId('picked-product').textContent(), WAIT).toContain(sku);
    const quantity = modal().getByLabel('Quantidade');
    await expect.poll(() => isFocused(quantity), WAIT).toBe(true);
    await expect
      .poll(
        () =>
          modal()
            .getByLabel('Unidade')
            .evaluate((select: HTMLSelectElement) => select.value),
        WAIT,
      )
      .toBe(String(box.id));
    expect(await modal().getByLabel('Unidade').locator('option:checked').textContent()).toBe(
      'Caixa c/ 12 UN',
    );
    // Nothing was submitted: no request, no field error, the form is still open.
    expect(posted).toBe(0);
    expect(await modal().getByRole('alert').count()).toBe(0);
    expect(await modal().getByRole('button', { name: 'Registrar saída' }).isVisible()).toBe(true);
  });

  it('an unknown code + Enter says so beside the field and submits nothing', async () => {
    await loginAsAdmin();
    await openExitForm();
    await picker().fill('0000000000000');
    await picker().press('Enter');
    await expect
      .poll(() => modal().getByRole('alert').textContent(), WAIT)
      .toBe('Nenhum produto ativo com o código “0000000000000”.');
    expect(await isFocused(picker())).toBe(true);
    expect(await modal().getByTestId('picked-product').count()).toBe(0);
  });

  it('arrow keys move through the options and Enter picks the highlighted one', async () => {
    const stamp = Date.now();
    await seedProductWithBox(`SETA-${stamp}-A`, `Seta ${stamp} primeiro`);
    await seedProductWithBox(`SETA-${stamp}-B`, `Seta ${stamp} segundo`);
    await loginAsAdmin();
    await openExitForm();

    await picker().fill(`Seta ${stamp}`);
    const options = modal().getByRole('listbox', { name: 'Resultados da busca' }).getByRole('option');
    await expect.poll(() => options.count(), WAIT).toBe(2);
    expect(await picker().getAttribute('aria-expanded')).toBe('true');
    const active = () =>
      picker().evaluate((input) => {
        const id = input.getAttribute('aria-activedescendant');
        return id ? document.getElementById(id)?.textContent : null;
      });
    expect(await active()).toBeNull();

    await picker().press('ArrowDown');
    await expect.poll(active, WAIT).toContain('primeiro');
    await expect.poll(() => options.nth(0).getAttribute('aria-selected'), WAIT).toBe('true');
    await picker().press('ArrowDown');
    await expect.poll(active, WAIT).toContain('segundo');
    await expect.poll(() => options.nth(0).getAttribute('aria-selected'), WAIT).toBe('false');
    await picker().press('ArrowDown');
    await expect.poll(active, WAIT).toContain('primeiro');
    await picker().press('ArrowUp');
    await expect.poll(active, WAIT).toContain('segundo');

    await picker().press('Enter');
    await expect
      .poll(() => modal().getByTestId('picked-product').textContent(), WAIT)
      .toContain(`SETA-${stamp}-B`);
    expect(await isFocused(modal().getByLabel('Quantidade'))).toBe(true);
    expect(await modal().getByRole('alert').count()).toBe(0);

    // Escape with the list open closes only the list, not the form.
    await modal().getByRole('button', { name: 'Trocar' }).click();
    await expect.poll(() => isFocused(picker()), WAIT).toBe(true);
    await picker().fill(`Seta ${stamp}`);
    await expect.poll(() => options.count(), WAIT).toBe(2);
    await picker().press('Escape');
    await expect.poll(() => picker().getAttribute('aria-expanded'), WAIT).toBe('false');
    expect(await modal().isVisible()).toBe(true);
  });
});
