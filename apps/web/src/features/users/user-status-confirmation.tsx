import type { UserChange } from './user-modals.ts';
import type { ModalBodyProps } from '../../lib/modal.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { ConfirmationBody } from '../../components/ui/confirmation-body.tsx';
import { featureMessages } from '../../config/feature-messages.ts';
import { showNotification } from '../../stores/header-slice.ts';
import { ROLE_LABELS } from './user-labels.ts';
import { useUpdateUserMutation } from '../../lib/users-api.ts';

function question(
  name: string,
  change: UserChange,
): { message: string; confirmLabel: string; danger: boolean } {
  if ('role' in change) {
    return {
      message:
        change.role === 'admin'
          ? `Tornar ${name} ${ROLE_LABELS.admin}? Ele poderá aprovar usuários e mudar perfis e configurações.`
          : `Mudar ${name} para ${ROLE_LABELS.operator}? Ele deixará de administrar usuários e configurações.`,
      confirmLabel: 'Mudar perfil',
      danger: change.role === 'operator',
    };
  }
  return change.status === 'active'
    ? { message: `Liberar o acesso de ${name} ao Armazém?`, confirmLabel: 'Aprovar', danger: false }
    : {
        message: `Desativar o acesso de ${name}? A sessão dele será encerrada.`,
        confirmLabel: 'Desativar',
        danger: true,
      };
}

/** Asks before approving, disabling or changing the role of a user; a refusal shows here, in the modal. */
export default function UserStatusConfirmation({
  extra,
  closeModal,
}: ModalBodyProps<'USER_STATUS_CONFIRMATION'>) {
  const dispatch = useAppDispatch();
  const [updateUser, { isLoading }] = useUpdateUserMutation();
  const { userId, name, change } = extra;
  return (
    <ConfirmationBody
      {...question(name, change)}
      busy={isLoading}
      submit={() => updateUser({ userId, data: change })}
      onDone={() => {
        closeModal();
        dispatch(showNotification({ message: featureMessages.success.userUpdated, status: 1 }));
      }}
      onCancel={closeModal}
    />
  );
}
