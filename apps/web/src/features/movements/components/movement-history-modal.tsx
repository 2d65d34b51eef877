import { HistoryPanel } from '../../../components/ui/history-panel.tsx';
import type { ModalBodyProps } from '../../../lib/modal.ts';

/** An imported sheet's history (imported, undone: who, when, what), in the shared modal. */
export default function MovementHistoryModal({ extra }: ModalBodyProps<'MOVEMENT_HISTORY'>) {
  return <HistoryPanel entity="stock_movement" entityId={extra.stockMovementId} />;
}
