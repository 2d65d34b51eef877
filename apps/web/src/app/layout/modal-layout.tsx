import { Suspense, useEffect, useRef, type RefObject } from 'react';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { closeModal, type ModalBody, type ModalExtras, type ModalType } from '../../lib/modal.ts';
import { removeNotificationMessage } from '../../stores/header-slice.ts';
import { trapTab } from '../../lib/trap-focus.ts';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import type { RootState } from '../store.ts';
import { MODAL_BODIES } from './modal-bodies.ts';
import { NotificationToast } from './notification-toast.tsx';

const SIZE_CLASS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl', xl: 'max-w-5xl' } as const;

/** The body of one body type with its data: typed together, so a body only ever receives its own `extra`. */
function Body<K extends ModalType>(props: {
  bodyType: K;
  extra: ModalExtras[K];
  closeModal: (focusAfter?: HTMLElement | null) => void;
}) {
  const Component: ModalBody<K> = MODAL_BODIES[props.bodyType];
  return <Component extra={props.extra} closeModal={props.closeModal} />;
}

/** A form's first field is where the person starts: focus goes there unless a field of the form already has it. */
function focusFirstField(dialog: HTMLDialogElement) {
  const fields = '.modal-box form :is(input:not([type="hidden"]), textarea, select)';
  if (document.activeElement?.matches(fields) && dialog.contains(document.activeElement)) return;
  dialog.querySelector<HTMLElement>(fields)?.focus();
}

/** Mounted with a body that loaded after the dialog opened (its code is fetched on first use): focuses its form. */
function FocusFirstField({ dialog }: { dialog: RefObject<HTMLDialogElement | null> }) {
  useEffect(() => {
    if (dialog.current?.open) focusFirstField(dialog.current);
  }, [dialog]);
  return null;
}

/** The one shared modal: title, body type, size (default md) and extra data, as in the template. */
export function ModalLayout() {
  const dispatch = useAppDispatch();
  const { isOpen, title, size, opened } = useAppSelector((state) => state.modal);
  const dialog = useRef<HTMLDialogElement>(null);
  // where focus goes once the dialog has closed, instead of back to its opener (a row's button that goes away)
  const focusAfter = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) {
      // what the page said before (a success, a refusal) is not this dialog's to show
      dispatch(removeNotificationMessage());
      element.showModal();
      // showModal() focuses the close button; a body already mounted could not take focus while the dialog was closed
      focusFirstField(element);
    }
    if (!isOpen && element.open) {
      element.close();
      focusAfter.current?.focus();
    }
    focusAfter.current = null;
  }, [isOpen, dispatch]);

  // a refusal shown in the dialog belongs to it: it goes with the dialog instead of lingering as a toast after it.
  // Read when closing, not when drawn: a save that worked after a refusal has just put its success in its place.
  const store = useStore<RootState>();
  const close = () => {
    dispatch(closeModal());
    const { header } = store.getState();
    if (header.newNotificationStatus === 0 && header.newNotificationMessage !== '') {
      dispatch(removeNotificationMessage());
    }
  };

  // a body's closeModal: also handed straight to buttons, so an event in place of the element is ignored
  const closeBody = (target?: unknown) => {
    focusAfter.current = target instanceof HTMLElement ? target : null;
    close();
  };

  return (
    <dialog ref={dialog} className="modal" onClose={close} onKeyDown={trapTab} aria-labelledby="modal-title">
      <div className={`modal-box w-11/12 ${SIZE_CLASS[size]}`}>
        <button
          type="button"
          className="btn btn-sm btn-circle btn-ghost absolute top-2 right-2"
          onClick={close}
          aria-label="Fechar"
        >
          ✕
        </button>
        <h3 id="modal-title" className="pb-4 text-center text-xl font-semibold">
          {title}
        </h3>
        {isOpen && opened ? (
          <Suspense fallback={<PageLoader />}>
            <Body bodyType={opened.bodyType} extra={opened.extra} closeModal={closeBody} />
            <FocusFirstField dialog={dialog} />
          </Suspense>
        ) : null}
        <NotificationToast inModal />
      </div>
      {/* a click outside closes; Tab and screen readers skip it (the ✕ above and Escape do the same) */}
      <form method="dialog" className="modal-backdrop" aria-hidden="true">
        <button type="submit" tabIndex={-1}>
          fechar
        </button>
      </form>
    </dialog>
  );
}
