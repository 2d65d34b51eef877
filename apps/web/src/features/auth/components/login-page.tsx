import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ZLoginRequest } from '@armazem/contracts/auth';
import { paths } from '../../../config/paths.ts';
import { PasswordToggle } from '../../../components/ui/password-toggle.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage, fieldErrors } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useLoginMutation } from '../auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * `prepare`: what to fetch once someone starts signing in (the router's Início), so it is in place when the answer
 * comes; called on every input to the form (typing, or a password manager filling it in).
 */
export default function LoginPage({ prepare }: { prepare?: () => void }) {
  const [login, { isLoading }] = useLoginMutation();
  const navigate = useNavigate();
  const form = useZodForm(ZLoginRequest, { email: '', password: '' });
  // Why the sign-in failed (wrong password, account disabled or awaiting approval, too many attempts), kept on the
  // form until the next try instead of a toast that fades away.
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState(false);

  const submit = form.handleSubmit(async (loginObj) => {
    setFailure(null);
    const result = await login(loginObj);
    if ('error' in result) {
      form.setErrors(fieldErrors(result.error));
      setFailure(errorMessage(result.error));
    } else void navigate(paths.welcome, { replace: true });
  });

  return (
    <AuthLayout title="Entrar">
      <form onInput={prepare} onSubmit={submit} noValidate className="flex flex-col gap-2">
        {failure ? (
          <div role="alert" className="alert alert-error">
            {failure}
          </div>
        ) : null}
        <TextField label="E-mail" type="email" autoComplete="email" autoFocus {...form.field('email')} />
        <TextField
          label="Senha"
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
          {...form.field('password')}
        />
        <div className="flex justify-between text-sm">
          <PasswordToggle shown={shown} onToggle={setShown} />
          <Link to={paths.forgotPassword} className="link link-primary">
            Esqueceu a senha?
          </Link>
        </div>
        <button type="submit" className="btn btn-primary mt-2" disabled={isLoading}>
          {isLoading ? <span className="loading loading-spinner loading-sm" /> : null}
          Entrar
        </button>
        <p className="mt-4 text-center text-sm">
          Ainda não tem conta?{' '}
          <Link to={paths.register} className="link link-primary">
            Cadastre-se
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
