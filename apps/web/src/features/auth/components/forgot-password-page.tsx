import { useState } from 'react';
import { Link } from 'react-router';
import { ZForgotPasswordRequest } from '@armazem/contracts/auth';
import { paths } from '../../../config/paths.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useForgotPasswordMutation } from '../auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';

export default function ForgotPasswordPage() {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(ZForgotPasswordRequest, { email: '' });

  const onSubmit = form.handleSubmit(async (body) => {
    const result = await forgotPassword(body);
    if ('data' in result && result.data) setSent(result.data.message);
  });

  return (
    <AuthLayout title="Recuperar senha">
      {sent ? (
        <div role="status" className="alert alert-success mb-6">
          {sent}
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
          <p className="text-sm text-base-content/70">
            Informe o e-mail da sua conta. Enviaremos um link para criar uma nova senha.
          </p>
          <TextField label="E-mail" type="email" autoComplete="email" autoFocus {...form.field('email')} />
          <button type="submit" className="btn btn-primary mt-2" disabled={isLoading}>
            Enviar link
          </button>
        </form>
      )}
      <p className="mt-4 text-center text-sm">
        <Link to={paths.login} className="link link-primary">
          Voltar para o login
        </Link>
      </p>
    </AuthLayout>
  );
}
