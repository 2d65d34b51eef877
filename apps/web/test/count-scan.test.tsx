import type { TCountItem, TCountScanResult } from '@armazem/contracts/counts';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { ScanPanel } from '../src/features/counts/components/scan-panel.tsx';
import { scanMessage } from '../src/features/counts/use-count-scan.ts';
import { renderWithProviders, stubFetch, type SeenCall } from './render-with-providers.tsx';

const ARROZ = { id: 1, sku: 'ARZ-5', name: 'Arroz', barcode: '7891000100103' };
const PARAFUSO = { id: 2, sku: 'PRF-3', name: 'Parafuso', barcode: null };

const item = (product: typeof ARROZ | typeof PARAFUSO, code: string): TCountItem => ({
  product,
  unity: { code, fractional: code === 'KG' },
  expectedQuantity: null,
  countedQuantity: null,
  difference: null,
  averageCost: '0.0000',
  differenceValue: null,
  countedBy: [],
  countedAt: null,
});
const ITEMS = [item(ARROZ, 'KG'), item(PARAFUSO, 'UN')];

const result = (scanned: Partial<TCountScanResult['scanned']>, counted: string): TCountScanResult => ({
  product: PARAFUSO,
  unity: { code: 'UN', fractional: false },
  countedQuantity: counted,
  countedBy: [],
  scanned: { productUnityId: 9, label: 'Unidade (UN)', packages: '1.000', baseQuantity: '1.000', ...scanned },
});

describe('scanMessage: what a scan says', () => {
  it('names the product and its count now, for a code of the base unit', () => {
    expect(
      scanMessage({ ...result({}, '1500.000'), product: ARROZ, unity: { code: 'KG', fractional: true } }),
    ).toBe('Arroz: 1.500 KG');
  });

  it('says how a package was read, then the count now', () => {
    const scanned = { label: 'Pacote c/ 100 UN', packages: '20.000', baseQuantity: '2000.000' };
    expect(scanMessage(result(scanned, '2000.000'))).toBe(
      'Parafuso: 20 × Pacote c/ 100 UN = 2.000 UN. Contagem agora: 2.000 UN.',
    );
  });
});

const SCANS = '/api/stock/counts/v1/7/scans';
const codeField = () => screen.getByTestId<HTMLInputElement>('count-scan');
const quantityField = () => screen.getByTestId<HTMLInputElement>('count-quantity');
const scan = (code: string, quantity = '') => {
  fireEvent.input(codeField(), { target: { value: code } });
  fireEvent.input(quantityField(), { target: { value: quantity } });
  fireEvent.submit(codeField().form as HTMLFormElement);
};
const open = (answer: (call: SeenCall) => { status?: number; body: unknown } | undefined) => {
  const calls = stubFetch(answer);
  const onScanned = vi.fn();
  const view = renderWithProviders(<ScanPanel countId={7} items={ITEMS} onScanned={onScanned} />);
  return { calls, onScanned, view };
};

describe('ScanPanel: the scanner field of a count', () => {
  it('sends the code alone (one package) and shows what the server counted', async () => {
    const answer = result({}, '3.000');
    const { calls, onScanned } = open((call) =>
      call.url.pathname === SCANS ? { status: 201, body: answer } : undefined,
    );
    scan('  PRF-3 ');
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Parafuso: 3 UN');
    expect(calls.map((call) => [call.method, call.url.pathname, call.body])).toEqual([
      ['POST', SCANS, { code: 'PRF-3' }],
    ]);
    expect(onScanned).toHaveBeenCalledWith(answer);
    expect([codeField().value, quantityField().value]).toEqual(['', '']);
    expect(document.activeElement).toBe(codeField());
  });

  it('sends the quantity typed beside the code, as typed, for the server to read', async () => {
    const scanned = { label: 'Pacote c/ 100 UN', packages: '20.000', baseQuantity: '2000.000' };
    const { calls } = open(() => ({ status: 201, body: result(scanned, '2000.000') }));
    scan('7890000000099', ' 20 ');
    await screen.findByRole('status');
    expect(calls[0]?.body).toEqual({ code: '7890000000099', quantity: '20' });
    expect(screen.getByRole('status').textContent).toBe(
      'Parafuso: 20 × Pacote c/ 100 UN = 2.000 UN. Contagem agora: 2.000 UN.',
    );
  });

  it('does not call the server without a code', () => {
    const { calls } = open(() => undefined);
    scan('   ', '5');
    expect(calls).toEqual([]);
  });

  it('says a refusal at the quantity it names, keeps what was typed, and raises no toast', async () => {
    const refusal = {
      message: 'A contagem ficaria negativa.',
      issues: [{ path: 'quantity', message: 'A contagem ficaria negativa.' }],
    };
    const { view, onScanned } = open(() => ({ status: 422, body: refusal }));
    scan('PRF-3', '-5');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'A contagem ficaria negativa.');
    expect(quantityField().getAttribute('aria-invalid')).toBe('true');
    expect(codeField().getAttribute('aria-invalid')).toBe('false');
    expect(quantityField().getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
    expect([codeField().value, quantityField().value]).toEqual(['PRF-3', '-5']);
    expect(onScanned).not.toHaveBeenCalled();
    expect(view.store.getState().header.notificationSeq).toBe(0);
  });

  it('says an unknown code at the code field', async () => {
    open(() => ({
      status: 404,
      body: { message: 'Código XYZ não encontrado entre os produtos deste balanço.' },
    }));
    scan('XYZ');
    await screen.findByRole('alert');
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(quantityField().getAttribute('aria-invalid')).toBe('false');
    expect(codeField().value).toBe('XYZ');
  });

  it('reads a typed quantity in the unit of the product the code names, with no call for a known code', async () => {
    const { calls } = open(() => undefined);
    fireEvent.input(codeField(), { target: { value: 'arz-5' } });
    fireEvent.input(quantityField(), { target: { value: '1.500' } });
    expect(screen.getByTestId('number-reading').textContent).toBe('Quantidade = 1.500 KG');
    fireEvent.input(quantityField(), { target: { value: '1234.567' } });
    expect(screen.getByTestId('number-reading').textContent).toMatch(/^Número não reconhecido/);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(calls).toEqual([]);
  });

  it('asks the server which product a package barcode names, then reads in its unit', async () => {
    const { calls } = open((call) =>
      call.url.pathname === '/api/products/v1/lookup'
        ? { body: { match: { product: { id: 1, sku: 'ARZ-5', name: 'Arroz' }, productUnityId: 4 } } }
        : undefined,
    );
    fireEvent.input(codeField(), { target: { value: '17891000100100' } });
    fireEvent.input(quantityField(), { target: { value: '2' } });
    expect(screen.getByTestId('number-reading').textContent).toBe('Quantidade = 2');
    await waitFor(() => expect(screen.getByTestId('number-reading').textContent).toBe('Quantidade = 2 KG'));
    expect(calls.map((call) => call.url.search)).toEqual(['?code=17891000100100']);
  });
});
