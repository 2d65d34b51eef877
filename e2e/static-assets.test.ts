import { describe, expect, it } from 'vitest';
import { page, useBrowser } from './fixtures.ts';

useBrowser();

describe('first visit of /login, as the real build is served', () => {
  it('every script and stylesheet arrives compressed with brotli; hashed ones are immutable', async () => {
    const assets: { url: string; headers: Record<string, string> }[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet')
        assets.push({ url: response.url(), headers: response.headers() });
    });
    const document = await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await page.waitForLoadState('networkidle');

    expect(document?.headers()['cache-control']).toBe('no-cache');
    expect(document?.headers()['content-encoding']).toBe('br');
    expect(assets.filter(({ url }) => url.endsWith('.css'))).toHaveLength(1);
    const hashed = assets.filter(({ url }) => new URL(url).pathname.startsWith('/assets/'));
    expect(hashed.length).toBeGreaterThan(1);
    for (const { url, headers } of hashed) {
      expect(headers['content-encoding'], url).toBe('br');
      expect(headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(headers.vary, url).toMatch(/accept-encoding/i);
    }
  });

  it('draws a loading state from the HTML alone, before any script runs, and React replaces it', async () => {
    // scripts held back: what shows is what the HTML and the stylesheet draw by themselves (the first paint)
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await expect
      .poll(async () => (await page.getByRole('status').textContent())?.trim())
      .toBe('Carregando...');
    release();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.getByText('Carregando...').count()).toBe(0);
  });
});
