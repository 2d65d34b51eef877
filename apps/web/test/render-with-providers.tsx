import { render } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { vi } from 'vitest';
import { makeStore, type RootState } from '../src/app/store.ts';

interface Options {
  /** the URL the router starts at, e.g. '/estoque?page=2&q=arroz' */
  url?: string;
  preloadedState?: Partial<RootState>;
}

/** Keeps the router's current location where the test can read it. */
function LocationProbe({ into }: { into: { current: Location | null } }) {
  into.current = useLocation();
  return null;
}

/**
 * Renders `ui` as the app does (docs/decisions/0080): a fresh Redux store from `makeStore` (the API cache empty, so
 * one test's answers never reach another) and a router at `url`. `location()` is where the router is now.
 */
export function renderWithProviders(ui: ReactNode, { url = '/', preloadedState }: Options = {}) {
  const store = makeStore(preloadedState);
  const current: { current: Location | null } = { current: null };
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        {ui}
        <LocationProbe into={current} />
      </MemoryRouter>
    </Provider>,
  );
  const location = () => {
    if (!current.current) throw new Error('O roteador ainda não desenhou.');
    return current.current;
  };
  return { ...view, store, location, search: () => new URLSearchParams(location().search) };
}

/** A call the stubbed fetch received: method, path with query, and the JSON body. */
export interface SeenCall {
  method: string;
  url: URL;
  body: unknown;
}

type Answer = { status?: number; body: unknown } | undefined;

/**
 * Replaces `fetch` for one test: `answer` sees each call and returns the status and JSON body to send (200 when left
 * out); a call it does not expect (undefined) fails the test. Returns the calls seen, in order.
 */
export function stubFetch(answer: (call: SeenCall) => Answer): SeenCall[] {
  const calls: SeenCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    const call = {
      method: request.method,
      url: new URL(request.url),
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const reply = answer(call);
    if (!reply) throw new Error(`Chamada inesperada: ${call.method} ${call.url.pathname}${call.url.search}`);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
