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
      <div className="modal-action justify-center">
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Cancelar
        </button>
        <button
          type="button"
          className={`btn ${danger ? 'btn-error' : 'btn-primary'}`}
          disabled={busy}
          onClick={() => void onConfirm()}
        >
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}
