import type { ReactNode } from 'react';
import { ModalActions, ModalRefusal, useRefusal, type CallResult } from './modal-actions.tsx';

type ConfirmationCall =
  | {
      /** Sends the call; a refusal stays in the dialog, which stays open, until the next attempt. */
      submit: () => Promise<CallResult>;
      /** The call worked: say so and close. */
      onDone: () => void;
      onConfirm?: never;
    }
  | {
      /** A confirmation that handles its call's answer itself. */
      onConfirm: () => void | Promise<void>;
      submit?: never;
      onDone?: never;
    };

type ConfirmationBodyProps = ConfirmationCall & {
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onCancel: () => void;
};

export function ConfirmationBody({
  message,
  confirmLabel,
  danger,
  busy,
  onCancel,
  ...call
}: ConfirmationBodyProps) {
  const { refusal, attempt } = useRefusal();
  const confirm = async () => {
    if (call.onConfirm) return call.onConfirm();
    if (await attempt(call.submit)) call.onDone();
  };
  return (
    <div>
      <p className="text-center text-lg">{message}</p>
      <ModalRefusal message={refusal} />
      <ModalActions
        centered
        onCancel={onCancel}
        confirmLabel={confirmLabel}
        onConfirm={confirm}
        danger={danger}
        disabled={busy}
      />
    </div>
  );
}
