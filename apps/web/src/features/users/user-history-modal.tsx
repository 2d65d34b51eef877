import { HistoryPanel } from '../../components/ui/history-panel.tsx';
import type { ModalBodyProps } from '../../lib/modal.ts';

/** A user's own record history (sign-up, approval, role and access changes, profile), in the shared modal. */
export default function UserHistoryModal({ extra }: ModalBodyProps<'USER_HISTORY'>) {
  return <HistoryPanel entity="user" entityId={extra.userId} />;
}
