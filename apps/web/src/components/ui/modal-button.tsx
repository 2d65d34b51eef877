import type { ReactNode } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { openModal, type ModalExtras, type ModalOptions, type ModalType } from '../../lib/modal.ts';

/** A card's or a list's action that opens the shared modal on one body, with exactly the data that body declares. */
export function ModalButton<K extends ModalType>({
  modal,
  extra,
  options,
  plain = false,
  children,
}: {
  modal: K;
  extra: ModalExtras[K];
  options: ModalOptions;
  /** a secondary action (not the card's main one) */
  plain?: boolean;
  children: ReactNode;
}) {
  const dispatch = useAppDispatch();
  return (
    <button
      type="button"
      className={`btn btn-sm ${plain ? '' : 'btn-primary'}`}
      onClick={() => dispatch(openModal(modal, extra, options))}
    >
      {children}
    </button>
  );
}
