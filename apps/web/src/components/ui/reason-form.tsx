import { useState, type ReactNode } from 'react';
import type { ZCancelEntry } from '@armazem/contracts/stock-history';
import { messages } from '../../config/messages.ts';
import { errorMessage } from '../../lib/api.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { ModalActions } from './modal-actions.tsx';
import { TextField } from './text-field.tsx';

interface ReasonFormProps {
  /** what the reason is for, with its messages: an estorno's (ZCancelEntry) or a reopening's (ZReopenReason) */
  schema: typeof ZCancelEntry;
  summary: ReactNode;
  label: string;
  hint: string;
  confirmLabel: string;
  busy: boolean;
  /** Sends the reason; the server's refusal is shown inside the modal, where the person is looking. */
  submit: (reason: string) => Promise<{ data: unknown } | { error: unknown }>;
  /** The call worked: say so and close. */
  onDone: () => void;
  onCancel: () => void;
}

/** A confirmation that needs a reason of 3–200 characters (cancellation, reopening a month). */
export function ReasonForm({
  schema,
  summary,
  label,
  hint,
  confirmLabel,
  busy,
  submit,
  onDone,
  onCancel,
}: ReasonFormProps) {
  const form = useZodForm(schema, { reason: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setServerError(null);
    const result = await submit(reason);
    if ('error' in result) {
      setServerError(errorMessage(result.error));
      return;
    }
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="mb-2">{summary}</div>
      <TextField label={label} hint={hint} maxLength={200} autoFocus {...form.field('reason')} />
      {serverError ? (
        <div className="alert alert-error mt-2" role="alert" data-testid="modal-error">
          {serverError}
        </div>
      ) : null}
      <ModalActions
        centered
        danger
        cancelLabel={messages.stockHistory.back}
        onCancel={onCancel}
        disabled={busy}
        confirmLabel={
          <>
            {busy ? <span className="loading loading-spinner loading-sm" /> : null}
            {confirmLabel}
          </>
        }
      />
    </form>
  );
}
