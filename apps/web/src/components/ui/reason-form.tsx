import type { ReactNode } from 'react';
import type { ZCancelEntry } from '@armazem/contracts/stock-history';
import { featureMessages } from '../../config/feature-messages.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { ModalActions, ModalRefusal, useRefusal, type CallResult } from './modal-actions.tsx';
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
  submit: (reason: string) => Promise<CallResult>;
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
  const { refusal, attempt } = useRefusal();
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    if (await attempt(() => submit(reason))) onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="mb-2">{summary}</div>
      <TextField label={label} hint={hint} maxLength={200} autoFocus {...form.field('reason')} />
      <ModalRefusal message={refusal} />
      <ModalActions
        centered
        danger
        cancelLabel={featureMessages.stockHistory.back}
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
