import type { ReactNode } from 'react';
import { ZCancelEntry } from '@armazem/contracts/stock-history';
import { messages } from '../../config/messages.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { TextField } from './text-field.tsx';

interface ReasonFormProps {
  summary: ReactNode;
  label: string;
  hint: string;
  confirmLabel: string;
  busy: boolean;
  /** The server's refusal, shown inside the modal where the person is looking. */
  serverError: string | null;
  onConfirm: (reason: string) => void | Promise<void>;
  onCancel: () => void;
}

/** A confirmation that needs a reason of 3–200 characters (cancellation, reopening a month). */
export function ReasonForm(props: ReasonFormProps) {
  const form = useZodForm(ZCancelEntry, { reason: '' });
  const onSubmit = form.handleSubmit((data) => props.onConfirm(data.reason));
  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="mb-2">{props.summary}</div>
      <TextField label={props.label} hint={props.hint} maxLength={200} autoFocus {...form.field('reason')} />
      {props.serverError ? (
        <div className="alert alert-error mt-2" role="alert" data-testid="modal-error">
          {props.serverError}
        </div>
      ) : null}
      <div className="modal-action justify-center">
        <button type="button" className="btn btn-outline" onClick={props.onCancel}>
          {messages.stockHistory.back}
        </button>
        <button type="submit" className="btn btn-error" disabled={props.busy}>
          {props.busy ? <span className="loading loading-spinner loading-sm" /> : null}
          {props.confirmLabel}
        </button>
      </div>
    </form>
  );
}
