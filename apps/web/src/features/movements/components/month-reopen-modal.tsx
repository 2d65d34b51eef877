import { ZReopenReason } from '@armazem/contracts/stock-history';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ReasonForm } from '../../../components/ui/reason-form.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useReopenMonthMutation } from '../../../lib/closings-api.ts';

export default function MonthReopenModal({ extra, closeModal }: ModalBodyProps<'MONTH_REOPEN'>) {
  const { year, month, label } = extra;
  const notify = useNotifySuccess();
  const [reopenMonth, { isLoading }] = useReopenMonthMutation();
  return (
    <ReasonForm
      schema={ZReopenReason}
      summary={<p>{featureMessages.stockHistory.reopenHint(label)}</p>}
      label={featureMessages.stockHistory.reopenReason}
      hint={featureMessages.stockHistory.reopenReasonHint}
      confirmLabel={featureMessages.stockHistory.reopenMonth}
      busy={isLoading}
      submit={(reason) => reopenMonth({ year, month, reason })}
      onDone={() => {
        notify(featureMessages.success.monthReopened);
        closeModal();
      }}
      onCancel={closeModal}
    />
  );
}
