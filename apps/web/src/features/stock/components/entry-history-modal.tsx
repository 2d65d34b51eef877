import { HistoryPanel } from '../../../components/ui/history-panel.tsx';
import type { ModalBodyProps } from '../../../lib/modal.ts';

/** A manual entry's or exit's history (recorded, cancelled: who, when, why), in the shared modal. */
export default function EntryHistoryModal({ extra }: ModalBodyProps<'STOCK_ENTRY_HISTORY'>) {
  const { entry } = extra;
  return <HistoryPanel entity={entry.direction === 'in' ? 'stock_in' : 'stock_out'} entityId={entry.id} />;
}
