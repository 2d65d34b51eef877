import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api.ts';

/** What an RTK Query mutation's trigger resolves to. */
export type CallResult = { data: unknown } | { error: unknown };

/**
 * A dialog's call and its refusal: the server's message is kept until the next attempt, so the dialog stays open
 * and shows it where the person is looking (its endpoint says `refusalInDialog`, so no notification repeats it).
 */
export function useRefusal() {
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Runs the call; true when it worked, false (and the message kept) when it was refused. */
  const attempt = async (call: () => Promise<CallResult>): Promise<boolean> => {
    setRefusal(null);
    const result = await call();
    if ('error' in result) {
      setRefusal(errorMessage(result.error));
      return false;
    }
    return true;
  };
  return { refusal, attempt };
}

/** The server's refusal, above the buttons of the dialog that made the call, announced, until the next attempt. */
export function ModalRefusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="alert alert-error mt-2 whitespace-normal" role="alert" data-testid="modal-error">
      {message}
    </div>
  );
}

interface ModalActionsProps {
  onCancel: () => void;
  cancelLabel?: string;
  /** The confirm button's text (with a spinner, where the caller shows one). */
  confirmLabel: ReactNode;
  /** Absent: the confirm button submits the form it stands in. */
  onConfirm?: () => void | Promise<void>;
  /** The confirm button stays off: a call in flight, or nothing chosen yet. */
  disabled?: boolean | undefined;
  /** A red confirm button (deleting, undoing). */
  danger?: boolean | undefined;
  /** A question in the middle of the modal: buttons centred, Cancelar outlined. */
  centered?: boolean;
  className?: string;
}

/** The buttons at the foot of every modal: Cancelar (or Voltar) on the left, the action on the right. */
export function ModalActions({
  onCancel,
  cancelLabel = 'Cancelar',
  confirmLabel,
  onConfirm,
  disabled,
  danger,
  centered,
  className,
}: ModalActionsProps) {
  const classes = ['modal-action', centered ? 'justify-center' : null, className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <button type="button" className={`btn ${centered ? 'btn-outline' : 'btn-ghost'}`} onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={`btn ${danger ? 'btn-error' : 'btn-primary'}`}
        disabled={disabled}
        onClick={onConfirm ? () => void onConfirm() : undefined}
      >
        {confirmLabel}
      </button>
    </div>
  );
}
