import type { ModalBodyProps } from '../../app/layout/modal-bodies.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { ConfirmationBody } from '../../components/ui/confirmation-body.tsx';
import { messages } from '../../config/messages.ts';
import { showNotification } from '../../stores/header-slice.ts';
import { useUpdateUserMutation } from './users-api.ts';

export default function UserStatusConfirmation({ extraObject, closeModal }: ModalBodyProps) {
  const dispatch = useAppDispatch();
  const [updateUser, { isLoading }] = useUpdateUserMutation();
  const { userId, name, status } = extraObject as {
    userId: number;
    name: string;
    status: 'active' | 'disabled';
  };
  const confirm = async () => {
    const result = await updateUser({ userId, data: { status } });
    if ('data' in result) dispatch(showNotification({ message: messages.success.userUpdated, status: 1 }));
    closeModal();
  };
  return (
    <ConfirmationBody
      message={
        status === 'active'
          ? `Liberar o acesso de ${name} ao Armazém?`
          : `Desativar o acesso de ${name}? A sessão dele será encerrada.`
      }
      confirmLabel={status === 'active' ? 'Aprovar' : 'Desativar'}
      danger={status !== 'active'}
      busy={isLoading}
      onConfirm={confirm}
      onCancel={closeModal}
    />
  );
}
