import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMeQuery } from '../src/features/auth/auth-api.ts';
import LoginPage from '../src/features/auth/components/login-page.tsx';
import { renderWithProviders, stubFetch } from './render-with-providers.tsx';

const user = { id: 1, name: 'Dona da Loja', email: 'dona@loja.com.br', role: 'admin' };

/** The app's start-up check: asks /me once, as the router does on every page. */
function WithSessionCheck({ preload }: { preload: () => void }) {
  useMeQuery();
  return <LoginPage prepare={preload} />;
}

function signIn(password: string) {
  fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: user.email } });
  fireEvent.input(screen.getByLabelText('Senha'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('sign-in (the path to Início)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches Início while the person types and the password is checked, lands there signed in, and does not ask /me again', async () => {
    const calls = stubFetch((call) => {
      if (call.url.pathname === '/api/auth/v1/login') return { body: { user } };
      if (call.url.pathname === '/api/auth/v1/me')
        return { status: 401, body: { message: 'Sessão expirada. Entre novamente.', code: 'UNAUTHORIZED' } };
      return undefined;
    });
    const preload = vi.fn();
    const view = renderWithProviders(<WithSessionCheck preload={preload} />, { url: '/login' });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(preload).not.toHaveBeenCalled();
    fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: 'd' } });
    // from the first keystroke, before any sign-in is sent
    expect(preload).toHaveBeenCalled();
    expect(calls).toHaveLength(1);
    signIn('senha-certa-123');
    await waitFor(() => expect(view.location().pathname).toBe('/app/welcome'));
    expect(view.store.getState().auth.user).toEqual(user);
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'GET /api/auth/v1/me',
      'POST /api/auth/v1/login',
    ]);
  });

  it('keeps the reason on the form when the password is wrong, and stays on /login', async () => {
    stubFetch(() => ({
      status: 401,
      body: { message: 'E-mail ou senha incorretos.', code: 'INVALID_CREDENTIALS' },
    }));
    const view = renderWithProviders(<LoginPage prepare={() => undefined} />, { url: '/login' });
    signIn('senha-errada-123');
    expect((await screen.findByRole('alert')).textContent).toBe('E-mail ou senha incorretos.');
    expect(view.location().pathname).toBe('/login');
    expect(view.store.getState().auth.user).toBeFalsy();
  });
});
