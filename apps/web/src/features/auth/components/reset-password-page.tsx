import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ZResetPasswordRequest } from '@armazem/contracts/auth';
import { paths } from '../../../config/paths.ts';
import { NewPasswordField } from '../../../components/ui/new-password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useResetPasswordMutation } from '../auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const form = useZodForm(ZResetPasswordRequest, { password: '', confirmation: '' }, (values) => ({
    token,
    password: values.password,
  }));

  const onSubmit = form.handleSubmit(async (body) => {
    if (form.values.password !== form.values.confirmation) {
      form.setErrors({ confirmation: 'As senhas não conferem.' });
      return;
    }
    const result = await resetPassword(body);
    if ('error' in result) form.setErrors(fieldErrors(result.error));
    else setDone(true);
  });

  return (
    <AuthLayout title="Nova senha">
      {!token ? (
        <div role="alert" className="alert alert-warning">
          Link incompleto. Abra o link recebido por e-mail ou peça um novo.
        </div>
      ) : done ? (
        <div role="status" className="alert alert-success">
          Senha alterada! Entre com a nova senha.
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
          <NewPasswordField label="Nova senha" autoFocus {...form.field('password')} />
          <TextField
            label="Confirme a nova senha"
            type="password"
            autoComplete="new-password"
            {...form.field('confirmation')}
          />
          {form.errors.token ? <p className="text-error text-sm">{form.errors.token}</p> : null}
          <button type="submit" className="btn btn-primary mt-2" disabled={isLoading}>
            Salvar nova senha
          </button>
        </form>
      )}
      <p className="mt-4 flex justify-between text-sm">
        <Link to={paths.login} className="link link-primary">
          Ir para o login
        </Link>
        <Link to={paths.forgotPassword} className="link">
          Pedir novo link
        </Link>
      </p>
    </AuthLayout>
  );
}
