import { useState } from 'react';
import { Link } from 'react-router';
import { ZRegisterRequest } from '@armazem/contracts/auth';
import { paths } from '../../../config/paths.ts';
import { NewPasswordField } from '../../../components/ui/new-password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useRegisterMutation } from '../auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';

export default function RegisterPage() {
  const [register, { isLoading }] = useRegisterMutation();
  // the server's message to an account that waits for an administrator's approval
  const [done, setDone] = useState<string | null>(null);
  const form = useZodForm(ZRegisterRequest, { name: '', email: '', password: '' });

  const onSubmit = form.handleSubmit(async (body) => {
    const result = await register(body);
    if ('error' in result) form.setErrors(fieldErrors(result.error));
    else if (result.data.user.status === 'active') {
      // the administrator's account needs no approval: the server signed it in (issue 33). A fresh load of Início
      // picks the session up, and keeps the /login page's first visit from exporting more to this lazy page.
      window.location.replace(paths.welcome);
    } else setDone(result.data.message);
  });

  if (done) {
    return (
      <AuthLayout title="Cadastro enviado">
        <div role="status" className="alert alert-success mb-6">
          {done}
        </div>
        <Link to={paths.login} className="btn btn-primary w-full">
          Ir para o login
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Criar conta">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <TextField label="Nome completo" autoComplete="name" autoFocus {...form.field('name')} />
        <TextField label="E-mail" type="email" autoComplete="email" {...form.field('email')} />
        <NewPasswordField label="Senha" {...form.field('password')} />
        <button type="submit" className="btn btn-primary mt-2" disabled={isLoading}>
          Cadastrar
        </button>
        <p className="mt-2 text-sm text-base-content/70">
          O primeiro cadastro vira administrador. Os seguintes aguardam a aprovação de um administrador.
        </p>
        <p className="mt-2 text-center text-sm">
          Já tem conta?{' '}
          <Link to={paths.login} className="link link-primary">
            Entrar
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
