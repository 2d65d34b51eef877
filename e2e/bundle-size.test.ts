import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { page, useBrowser } from './fixtures.ts';

useBrowser();

/** The DashWind template's login page, measured: 79 KB of gzipped JavaScript. Ours must stay below. */
const TEMPLATE_LOGIN_JS_GZIP = 79_000;
/** Issue 12: the JS + CSS of the first visit of /login, as the browser receives them (brotli), at most 70 KB. */
const LOGIN_JS_CSS_SENT = 70 * 1024;

describe('first visit of /login', () => {
  it('downloads less JavaScript than the template it comes from', async () => {
    const scripts = new Map<string, number>();
    const sent = new Map<string, number>();
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? '';
      const kind = response.request().resourceType();
      if (kind === 'script' || type.includes('javascript')) {
        scripts.set(response.url(), gzipSync(await response.body()).length);
      }
      // The encoded body size: the bytes that came over the wire, compressed as the server chose.
      if (kind === 'script' || kind === 'stylesheet')
        sent.set(response.url(), (await response.request().sizes()).responseBodySize);
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    for (const [url, size] of scripts)
      console.log(`  ${(size / 1000).toFixed(1)} KB  ${url.split('/').pop() ?? url}`);
    console.log(
      `JS da primeira visita a /login: ${(total / 1000).toFixed(1)} KB gzip em ${scripts.size} arquivos`,
    );
    const sentTotal = [...sent.values()].reduce((sum, size) => sum + size, 0);
    console.log(
      `JS + CSS recebidos na primeira visita a /login: ${(sentTotal / 1024).toFixed(1)} KB em ${sent.size} arquivos`,
    );
    expect(scripts.size).toBeGreaterThan(1);
    expect(total).toBeLessThan(TEMPLATE_LOGIN_JS_GZIP);
    expect(sent.size).toBeGreaterThan(scripts.size);
    expect(sentTotal).toBeLessThanOrEqual(LOGIN_JS_CSS_SENT);
  });
});
