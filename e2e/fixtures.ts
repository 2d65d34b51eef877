import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { findChromium } from '../scripts/chromium.ts';
import type { Client } from '../test-support/factories.ts';

// The same data builders as the API tests, sent to the running server over HTTP.
export {
  createBox,
  createCategory,
  createProduct,
  createSupplier,
  createUser,
  defaultUnityId,
  stockIn,
  stockOut,
  unityId,
} from '../test-support/factories.ts';

export const baseUrl = () => inject('baseUrl');
export const adminAccount = () => inject('admin');

let browser: Browser;
let context: BrowserContext;
export let page: Page;
let consoleErrors: string[] = [];

/** Fresh browser context per test; any console error or uncaught page error fails the test. */
export function useBrowser() {
  beforeAll(async () => {
    const executablePath = findChromium();
    if (!executablePath) throw new Error('Chromium não encontrado');
    browser = await chromium.launch({
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  afterAll(async () => browser?.close());
  beforeEach(async () => {
    consoleErrors = [];
    context = await browser.newContext({
      baseURL: baseUrl(),
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('console', (message) => {
      // A 4xx the test provokes on purpose is logged by Chromium as a failed resource load; that is not an app error.
      if (
        message.type() === 'error' &&
        !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())
      ) {
        consoleErrors.push(message.text());
      }
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
  });
  afterEach(async () => {
    await context?.close();
    if (consoleErrors.length > 0)
      throw new Error(`Erros no console do navegador:\n${consoleErrors.join('\n')}`);
  });
}

export async function api(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  return response;
}

export async function apiLogin(email: string, password: string): Promise<string> {
  const response = await api('/api/auth/v1/login', { method: 'POST', body: { email, password } });
  if (!response.ok) throw new Error(`login falhou: ${await response.text()}`);
  const cookie = response.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] ?? '';
}

/** The shared builders' client over `fetch`, signed in with `cookie` (or anonymous). */
export function httpClient(cookie?: string): Client {
  return async (method, url, payload) => {
    const response = await api(url, { method, body: payload, cookie });
    const body = await response.text();
    return { status: response.status, body, json: () => JSON.parse(body) };
  };
}

/** The session cookie of the admin created by the global setup, signed in through the API. */
export function adminCookie(): Promise<string> {
  return apiLogin(adminAccount().email, adminAccount().password);
}

/** A client signed in as the admin created by the global setup. */
export async function adminClient(): Promise<Client> {
  return httpClient(await adminCookie());
}

let sequence = 0;
export function uniqueEmail(prefix: string) {
  sequence += 1;
  return `${prefix}-${Date.now()}-${sequence}@e2e.com.br`;
}

/** Signs in through the login form, as a person would. */
export async function loginAs(email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/app/welcome');
  await page.getByText(/^Olá, /).waitFor();
  await page.waitForLoadState('networkidle');
}

/** The open dialog (the app has one modal at a time). */
export const modal = () => page.locator('dialog[open]');

/** The notification toast. */
export const notification = () => page.getByTestId('notification');

/** The app's main menu. */
export const mainMenu = () => page.getByRole('navigation', { name: 'Menu principal' });

/** Opens a screen from the main menu, as a person would. */
export async function openFromMenu(name: string) {
  await mainMenu().getByRole('link', { name, exact: true }).click();
}

export async function loginAsAdmin() {
  const { email, password } = adminAccount();
  await loginAs(email, password);
}

/**
 * Another person's browser: a context of its own (Brazilian Portuguese and São Paulo time unless told otherwise),
 * with a page that waits at most 10 s. Close it with `page.context().close()`.
 */
export async function otherBrowser(options: { locale?: string; timezoneId?: string } = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: options.locale ?? 'pt-BR',
    timezoneId: options.timezoneId ?? 'America/Sao_Paulo',
  });
  const other = await context.newPage();
  other.setDefaultTimeout(10_000);
  return other;
}

/** `otherBrowser` with the admin signed in through /login, on Início. */
export async function adminInOtherBrowser(options: { locale?: string; timezoneId?: string } = {}) {
  const other = await otherBrowser(options);
  await other.goto('/login');
  await other.getByLabel('E-mail').fill(adminAccount().email);
  await other.getByLabel('Senha', { exact: true }).fill(adminAccount().password);
  await other.getByRole('button', { name: 'Entrar' }).click();
  await other.waitForURL('**/app/welcome');
  return other;
}
