import { useState } from 'react';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ReasonForm } from '../../../components/ui/reason-form.tsx';
import { messages } from '../../../config/messages.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useReopenMonthMutation } from '../closings-api.ts';

export default function MonthReopenModal({ extra, closeModal }: ModalBodyProps<'MONTH_REOPEN'>) {
  const { year, month, label } = extra;
  const notify = useNotifySuccess();
  const [reopenMonth, { isLoading }] = useReopenMonthMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const confirm = async (reason: string) => {
    setServerError(null);
    const result = await reopenMonth({ year, month, reason });
    if ('error' in result) {
      setServerError(errorMessage(result.error));
      return;
    }
    notify(messages.success.monthReopened);
    closeModal();
  };
  return (
    <ReasonForm
      summary={<p>{messages.stockHistory.reopenHint(label)}</p>}
      label={messages.stockHistory.reopenReason}
      hint={messages.stockHistory.reopenReasonHint}
      confirmLabel={messages.stockHistory.reopenMonth}
      busy={isLoading}
      serverError={serverError}
      onConfirm={confirm}
      onCancel={closeModal}
    />
  );
}
