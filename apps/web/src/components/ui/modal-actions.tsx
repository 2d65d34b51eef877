import type { ReactNode } from 'react';

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
