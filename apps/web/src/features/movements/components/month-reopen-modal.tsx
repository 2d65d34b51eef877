import { ZReopenReason } from '@armazem/contracts/stock-history';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ReasonForm } from '../../../components/ui/reason-form.tsx';
import { messages } from '../../../config/messages.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useReopenMonthMutation } from '../../../lib/closings-api.ts';

export default function MonthReopenModal({ extra, closeModal }: ModalBodyProps<'MONTH_REOPEN'>) {
  const { year, month, label } = extra;
  const notify = useNotifySuccess();
  const [reopenMonth, { isLoading }] = useReopenMonthMutation();
  return (
    <ReasonForm
      schema={ZReopenReason}
      summary={<p>{messages.stockHistory.reopenHint(label)}</p>}
      label={messages.stockHistory.reopenReason}
      hint={messages.stockHistory.reopenReasonHint}
      confirmLabel={messages.stockHistory.reopenMonth}
      busy={isLoading}
      submit={(reason) => reopenMonth({ year, month, reason })}
      onDone={() => {
        notify(messages.success.monthReopened);
        closeModal();
      }}
      onCancel={closeModal}
    />
  );
}
