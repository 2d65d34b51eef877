import type { FormEvent, ReactNode, Ref } from 'react';
import { ModalActions } from './modal-actions.tsx';

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
      <ModalActions
        className="md:col-span-2"
        onCancel={onCancel}
        confirmLabel={submitLabel}
        disabled={busy}
      />
    </form>
  );
}
