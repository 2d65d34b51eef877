import { HistoryPanel } from '../../components/ui/history-panel.tsx';
import type { ModalBodyProps } from '../../lib/modal.ts';

/** A user's own record history (sign-up, approval, role and access changes, profile), in the shared modal. */
export default function UserHistoryModal({ extra, closeModal }: ModalBodyProps<'USER_HISTORY'>) {
  return (
    <div className="space-y-4">
      <HistoryPanel entity="user" entityId={extra.userId} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={() => closeModal()}>
          Fechar
        </button>
      </div>
    </div>
  );
}
