import { ZUpdateProfileRequest } from '@armazem/contracts/auth';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { NewPasswordField } from '../../components/ui/new-password-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { featureMessages } from '../../config/feature-messages.ts';
import { fieldErrors } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { showNotification } from '../../stores/header-slice.ts';
import { useUpdateProfileMutation } from './profile-api.ts';

export default function ProfilePage() {
  usePageTitle('Meu perfil');
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.auth.user);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const form = useZodForm(
    ZUpdateProfileRequest,
    { name: user?.name ?? '', currentPassword: '', newPassword: '' },
    (values) => ({
      name: values.name,
      currentPassword: values.currentPassword || undefined,
      newPassword: values.newPassword || undefined,
    }),
  );

  const onSubmit = form.handleSubmit(async (body) => {
    const result = await updateProfile(body);
    if ('error' in result) {
      form.setErrors(fieldErrors(result.error));
      return;
    }
    form.setValue('currentPassword', '');
    form.setValue('newPassword', '');
    dispatch(showNotification({ message: featureMessages.success.profileUpdated, status: 1 }));
  });

  return (
    <TitleCard title="Meu perfil">
      <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-2">
        <p className="text-base-content/70 text-sm">E-mail: {user?.email}</p>
        <TextField label="Nome" autoComplete="name" {...form.field('name')} />
        <div className="divider">Trocar senha</div>
        <TextField
          label="Senha atual"
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
        />
        <NewPasswordField label="Nova senha" {...form.field('newPassword')} />
        <button type="submit" className="btn btn-primary mt-2 w-fit" disabled={isLoading}>
          Salvar
        </button>
      </form>
    </TitleCard>
  );
}
