import type { FormEvent, ReactNode, Ref } from 'react';

interface ModalFormProps {
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  /** The submit button stays off while the call is in flight. */
  busy: boolean;
  submitLabel?: string;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/** A form in the shared modal: fields in two columns on wider screens, then Cancelar and the submit button. */
export function ModalForm({
  onSubmit,
  onCancel,
  busy,
  submitLabel = 'Salvar',
  formRef,
  children,
}: ModalFormProps) {
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-x-4 md:grid-cols-2">
      {children}
      <div className="modal-action md:col-span-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
