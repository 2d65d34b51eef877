import { ZCancelEntry } from '@armazem/contracts/stock-history';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ReasonForm } from '../../../components/ui/reason-form.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { entryQuantity, formatDate } from '../../../lib/format.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useCancelStockEntryMutation, useCancelTransferMutation } from '../stock-api.ts';
import { LEDGER_HEADING_ID } from './ledger-history.tsx';

/**
 * Estorno of one manual entry or exit: the row stays in the ledger, struck through, with the reason. A side of a
 * transfer is undone with its other side, by the transfer's own call (one side alone is refused).
 */
export default function CancelEntryModal({ extra, closeModal }: ModalBodyProps<'STOCK_ENTRY_CANCEL'>) {
  const { entry } = extra;
  const notify = useNotifySuccess();
  const [cancelEntry, cancellingEntry] = useCancelStockEntryMutation();
  const [cancelTransfer, cancellingTransfer] = useCancelTransferMutation();
  const { transferId } = entry;
  const kind = transferId ? 'a transferência' : entry.direction === 'in' ? 'a entrada' : 'a saída';
  return (
    <ReasonForm
      schema={ZCancelEntry}
      summary={
        <p>
          Cancelar {kind} de {entryQuantity(entry)} de <strong>{entry.product.name}</strong> em{' '}
          {formatDate(entry.occurredOn)}? Os saldos e custos a partir dessa data são recalculados.
          {transferId ? ` ${featureMessages.stockHistory.cancelTransferNote}` : null}
        </p>
      }
      label={featureMessages.stockHistory.cancelReason}
      hint={featureMessages.stockHistory.cancelHint}
      confirmLabel={featureMessages.stockHistory.cancelConfirm}
      busy={cancellingEntry.isLoading || cancellingTransfer.isLoading}
      submit={(reason) =>
        transferId
          ? cancelTransfer({ transferId, data: { reason } })
          : cancelEntry({ direction: entry.direction, entryId: entry.id, data: { reason } })
      }
      onDone={() => {
        notify(
          transferId ? featureMessages.success.transferCancelled : featureMessages.success.entryCancelled,
        );
        // the row's "Cancelar" goes away with the cancellation: focus goes to the list's heading instead
        closeModal(document.getElementById(LEDGER_HEADING_ID));
      }}
      onCancel={closeModal}
    />
  );
}
