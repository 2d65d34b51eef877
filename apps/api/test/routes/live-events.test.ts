import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLiveEvent } from '@armazem/contracts/events';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { unique } from '../factories.ts';

// Lists stay current (DESIGN.md §6.1 "GET /api/events/v1"): a change to categories, units and packaging types, and a
// month closed or reopened, are told to the screens after commit; a refused change tells nothing.

let ctx: TestContext;
let cookie: string;
const heard: TLiveEvent[] = [];
let stop: () => void;

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@eventos.com.br', 'Eva Eventos');
  stop = await ctx.app.events.subscribe((event) => heard.push(event));
});
afterAll(async () => {
  stop();
  await ctx.close();
});

const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, payload });
const types = () => heard.map((event) => event.type);

describe('live events for reference data and month closings', () => {
  it('tells the screens when a category is created or renamed, and not when it is refused', async () => {
    heard.length = 0;
    const name = `Eventos ${unique()}`;
    const created = await send('POST', '/api/categories/v1', { name });
    expect(created.statusCode).toBe(201);
    await expect.poll(types).toContain('reference');
    heard.length = 0;
    expect((await send('POST', '/api/categories/v1', { name })).statusCode).toBe(409);
    expect(
      (await send('PATCH', `/api/categories/v1/${created.json().id}`, { name: `${name} 2` })).statusCode,
    ).toBe(200);
    await expect.poll(types).toEqual(['reference']);
  });

  it('tells the screens when a month is closed and reopened', async () => {
    heard.length = 0;
    expect((await send('POST', '/api/stock/closings/v1', { year: 2026, month: 1 })).statusCode).toBe(201);
    await expect.poll(types).toContain('closings');
    heard.length = 0;
    const reopened = await send('POST', '/api/stock/closings/v1/reopen', {
      year: 2026,
      month: 1,
      reason: 'Ajuste de teste',
    });
    expect(reopened.statusCode).toBe(200);
    await expect.poll(types).toContain('closings');
  });
});
