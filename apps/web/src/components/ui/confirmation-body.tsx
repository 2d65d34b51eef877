import { ModalActions } from './modal-actions.tsx';

interface ConfirmationBodyProps {
  message: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}

export function ConfirmationBody({
  message,
  confirmLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: ConfirmationBodyProps) {
  return (
    <div>
      <p className="text-center text-lg">{message}</p>
      <ModalActions
        centered
        onCancel={onCancel}
        confirmLabel={confirmLabel}
        onConfirm={onConfirm}
        danger={danger}
        disabled={busy}
      />
    </div>
  );
}
