import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cnpjFor } from '../test-support/factories.ts';
import { buildNfe } from '../test-support/nfe-builder.ts';
import {
  adminClient,
  createBox,
  createProduct,
  loginAsAdmin,
  notification,
  openFromMenu,
  page,
  useBrowser,
} from './fixtures.ts';

useBrowser();

describe('receiving goods from an NF-e XML', () => {
  it('drops an XML, creates one product inline, chooses a package for another, imports and sees the entries', async () => {
    const n = Date.now() % 100_000_000;
    const client = await adminClient();
    const known = await createProduct(client, { sku: `OLEO-${n}`, name: `Óleo de soja ${n}` });
    const box = (await createBox(client, known.id, 6)) as { id: number };
    const settings = (await client('GET', '/api/settings/v1')).json() as {
      businessName: string;
      businessDocument: string;
    };
    // an NF-e is imported only once the business's CNPJ is set (DESIGN.md §6.2)
    let business = settings.businessDocument.replace(/[^0-9A-Z]/gi, '');
    if (!business) {
      business = '11222333000181';
      await client('PUT', '/api/settings/v1', {
        businessName: settings.businessName,
        businessDocument: business,
      });
    }
    const note = buildNfe({
      number: String(n),
      emitter: { cnpj: cnpjFor(n), name: `Atacadista E2E ${n} Ltda` },
      destination: { cnpj: business },
      items: [
        { code: `NOVO${n}`, description: `BISCOITO E2E ${n}`, quantity: '5.0000', total: '12.50' },
        {
          code: `OL-${n}`,
          description: 'OLEO SOJA 900ML CX/6',
          unit: 'CX',
          quantity: '2.0000',
          total: '96.00',
        },
      ],
    });

    await loginAsAdmin();
    await openFromMenu('Notas fiscais');
    // a real drop of a file on the zone
    const dataTransfer = await page.evaluateHandle(
      ({ xml, name }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([xml], name, { type: 'application/xml' }));
        return transfer;
      },
      { xml: note.xml, name: `nfe-${n}.xml` },
    );
    await page.getByTestId('nfe-drop-zone').dispatchEvent('drop', { dataTransfer });
    await page.getByTestId('nfe-preview').waitFor();
    expect(await page.getByTestId('nfe-item-state-1').textContent()).toBe('escolher produto');
    expect(await page.getByTestId('nfe-item-state-2').textContent()).toBe('escolher produto');
    // the unit cost and the item's total, each named for what it is (issue 33)
    expect(await page.getByRole('columnheader', { name: 'Custo unitário' }).count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'Custo total' }).count()).toBe(1);

    // item 1: a new product from the note
    const first = page.getByTestId('nfe-item-1');
    await first.getByRole('button', { name: 'Criar produto' }).click();
    await first.getByLabel('Categoria do item 1').selectOption({ index: 1 });
    await expect.poll(() => page.getByTestId('nfe-item-state-1').textContent()).toBe('criar produto');
    // the base units per supplier unit are read as typed and checked at the field: nothing unreadable, zero or a
    // fraction of a whole unit gets to the import
    const perPackage = first.getByLabel('Unidades por UN do item 1');
    for (const [typed, message] of [
      ['abc', 'Número inválido'],
      ['0', 'maior que zero'],
      ['2,5', 'Use um número inteiro: a unidade base não aceita frações.'],
    ] as const) {
      await perPackage.fill(typed);
      await expect.poll(() => first.getByRole('alert').textContent()).toContain(message);
      // item 1 counts as unresolved again (item 2 is still to choose)
      await expect.poll(() => page.getByTestId('nfe-unresolved').textContent()).toBe('2 itens a resolver');
    }
    await perPackage.fill('1');
    await expect.poll(() => first.getByRole('alert').count()).toBe(0);
    await expect.poll(() => page.getByTestId('nfe-unresolved').textContent()).toBe('1 item a resolver');

    // item 2: the scanner reads the SKU; the supplier's CX is proposed as the product's box, not its unit
    const picker = page.getByRole('combobox', { name: 'Produto do item 2' });
    await picker.fill(known.sku);
    await picker.press('Enter');
    await expect
      .poll(() => page.getByTestId('nfe-conversion-2').textContent())
      .toContain('1 CX do fornecedor = Caixa c/ 6 UN = 6 UN');
    expect(await page.getByTestId('nfe-conversion-2').textContent()).toContain('entrada de 12 UN');
    const packageSelect = page.getByLabel('Embalagem do item 2');
    expect(await packageSelect.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe(
      'Caixa c/ 6 UN',
    );
    expect(await page.getByTestId('nfe-item-state-2').textContent()).toBe('encontrado');
    expect(await page.getByTestId('nfe-total-cost').textContent()).toContain('108,50');

    await page.getByRole('button', { name: 'Importar' }).click();
    await expect
      .poll(() => notification().textContent())
      .toContain('Nota fiscal importada: 2 entradas no estoque!');
    await expect.poll(() => page.getByTestId('nfe-table').textContent()).toContain(`${n}/1`);
    // the list filters by supplier (kept in the URL) and exports what it shows, like every list
    const supplierFilter = page.getByLabel('Fornecedor');
    const supplierOption = supplierFilter.locator('option', { hasText: `Atacadista E2E ${n} Ltda` });
    await supplierFilter.selectOption((await supplierOption.getAttribute('value')) ?? '');
    await page.waitForURL(/supplierId=\d+/);
    await expect.poll(() => page.getByTestId('nfe-table').locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: 'Exportar' }).click();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Texto CSV (.csv)' }).click(),
    ]);
    const csvText = fs.readFileSync((await csv.path()) ?? '', 'utf8');
    expect(csvText).toContain(`Atacadista E2E ${n} Ltda`);
    expect(csvText.trim().split('\n')).toHaveLength(2);
    await page
      .getByTestId('nfe-table')
      .getByRole('row', { name: new RegExp(`${n}/1`) })
      .getByRole('button', { name: 'Ver' })
      .click();
    await expect.poll(() => page.getByTestId('nfe-entries').textContent()).toContain(`Óleo de soja ${n}`);
    const entries = await page.getByTestId('nfe-entries').textContent();
    expect(entries).toContain(`BISCOITO E2E ${n}`);
    expect(entries).toContain('12 UN');
    // a phone draws each entry's date, product, quantity and total, nothing cut at the card's edge
    const shownHeaders = () =>
      page
        .getByTestId('nfe-entries')
        .locator('thead th')
        .evaluateAll((list) =>
          list.filter((cell) => cell.getClientRects().length > 0).map((cell) => cell.textContent),
        );
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(shownHeaders).toEqual(['Data', 'Produto', 'Quantidade', 'Total']);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(shownHeaders).toHaveLength(6);
    // the product's kardex names the entry by its source, and "NF-e" never breaks at its hyphen (another tab)
    const kardex = await page.context().newPage();
    await kardex.goto(`/app/products/${known.id}?tab=kardex`);
    await expect
      .poll(() => kardex.getByTestId('kardex-row').first().locator('td').nth(1).textContent())
      .toBe('Entrada\u00a0· NF\u2011e');
    await kardex.close();

    // undo refused while a later exit depends on its stock: the dialog stays open and says why
    // the note's 2 boxes of 6 go out again
    const exit = await client('POST', '/api/stock/out/v1', {
      productId: known.id,
      productUnityId: box.id,
      quantity: 2,
      reason: 'venda',
    });
    expect(exit.status).toBe(201);
    const undoButton = () =>
      page
        .getByTestId('nfe-table')
        .getByRole('row', { name: new RegExp(`${n}/1`) })
        .getByRole('button', { name: 'Desfazer' });
    await undoButton().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Desfazer' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByTestId('modal-error').textContent())
      .toContain('ficaria negativo');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    const exitId = (exit.json() as { id: number }).id;
    const cancelled = await client('POST', `/api/stock/out/v1/${exitId}/cancel`, {
      reason: 'venda desfeita',
    });
    expect(cancelled.status).toBe(200);

    // undo, with confirmation: the note leaves the list and its entries are cancelled
    await undoButton().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Desfazer' }).click();
    await expect.poll(() => page.getByTestId('nfe-entries').textContent()).toContain('Cancelada');
    await expect
      .poll(
        async () =>
          (await page.getByTestId('nfe-table').count()) === 0 ||
          !(await page.getByTestId('nfe-table').textContent())?.includes(`${n}/1`),
      )
      .toBe(true);
    // still there under Situação: Desfeitas, saying when (issue 33)
    await page.getByTestId('nfe-situation-filter').selectOption('undone');
    await page.waitForURL(/situation=undone/);
    await expect.poll(() => page.getByTestId('nfe-table').textContent()).toContain(`${n}/1`);
    expect(await page.getByTestId('nfe-table').textContent()).toContain('Desfeita em');
  });
});
