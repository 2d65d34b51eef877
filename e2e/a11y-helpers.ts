import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { adminCookie, api } from './fixtures.ts';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * Runs axe-core in the page as it is now and returns its serious and critical violations, one readable line each.
 * The script goes in through the debugging protocol, so the app's Content-Security-Policy stays as shipped.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate('typeof window.axe === "object"');
  if (!loaded) await page.evaluate(axeSource);
  const violations = (await page.evaluate(
    '(async () => (await window.axe.run(document, { resultTypes: ["violations"] })).violations)()',
  )) as AxeViolation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(' ')}: ${(node.failureSummary ?? '').replaceAll('\n', ' ')}`,
      ),
    );
}

/**
 * How wide the document is, in CSS pixels (wider than the viewport means the page scrolls sideways), and the
 * innermost elements that stick out past the viewport, to say what to fix.
 */
export const documentWidth = (page: Page) =>
  page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 3).join('.')}`;
    const outside = [...document.body.querySelectorAll('*')].filter(
      (element) => element.getBoundingClientRect().right > limit + 1 && element.getClientRects().length > 0,
    );
    const innermost = outside.filter(
      (element) => !outside.some((other) => other !== element && element.contains(other)),
    );
    return {
      width: document.documentElement.scrollWidth,
      culprits: innermost.slice(0, 3).map(describe),
    };
  });

/** An EAN-13 with its check digit, unique per call within a run. */
let serial = 0;
export function uniqueEan13(): string {
  serial += 1;
  const body = `2${String(Date.now() % 1e9).padStart(9, '0')}${String(serial % 100).padStart(2, '0')}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

async function json(response: Response) {
  if (!response.ok) throw new Error(`${response.url} falhou (${response.status}): ${await response.text()}`);
  return response.json();
}

/**
 * A product with a box of 12 that has its own barcode, a supplier, some stock below the minimum and one exit:
 * enough for every screen to show rows, badges and warnings.
 */
export async function seedProductWithBox(sku: string, name: string) {
  const cookie = await adminCookie();
  const unities = await json(await api('/api/unities/v1', { cookie }));
  const batches = await json(await api('/api/unity-batches/v1', { cookie }));
  const code = (list: Array<{ id: number; code: string }>, wanted: string) =>
    list.find((item) => item.code === wanted)?.id;
  const product = await json(
    await api('/api/products/v1', {
      method: 'POST',
      cookie,
      body: {
        sku,
        name,
        categoryId: 1,
        baseUnityId: code(unities, 'UN'),
        minStock: 100,
        barcode: uniqueEan13(),
      },
    }),
  );
  const boxBarcode = uniqueEan13();
  const box = await json(
    await api(`/api/products/v1/${product.id}/unity/v1`, {
      method: 'POST',
      cookie,
      body: {
        unityId: code(unities, 'CX'),
        unityBatchId: code(batches, 'CAIXA'),
        quantity: 12,
        barcode: boxBarcode,
      },
    }),
  );
  return {
    cookie,
    product,
    box: { ...box, barcode: boxBarcode } as { id: number; barcode: string; label: string },
  };
}

export async function seedStock(cookie: string, productId: number, productUnityId: number) {
  await json(
    await api('/api/stock/in/v1', {
      method: 'POST',
      cookie,
      body: { productId, productUnityId, quantity: 2, unitCost: '120.00', document: 'NF 1' },
    }),
  );
  await json(
    await api('/api/stock/out/v1', {
      method: 'POST',
      cookie,
      body: { productId, productUnityId, quantity: 1, reason: 'venda' },
    }),
  );
}
