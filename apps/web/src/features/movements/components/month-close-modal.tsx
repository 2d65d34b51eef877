import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ConfirmationBody } from '../../../components/ui/confirmation-body.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useCloseMonthMutation } from '../../../lib/closings-api.ts';

/** Closing a month closes every earlier one too; a refusal stays in the dialog, with the server's message. */
export default function MonthCloseModal({ extra, closeModal }: ModalBodyProps<'MONTH_CLOSE'>) {
  const { year, month, label } = extra;
  const notify = useNotifySuccess();
  const [closeMonth, { isLoading }] = useCloseMonthMutation();
  return (
    <ConfirmationBody
      message={featureMessages.stockHistory.closeConfirm(label)}
      confirmLabel={featureMessages.stockHistory.closeMonth}
      busy={isLoading}
      submit={() => closeMonth({ year, month })}
      onDone={() => {
        notify(featureMessages.success.monthClosed);
        closeModal();
      }}
      onCancel={closeModal}
    />
  );
}
