import { useEffect, useRef, useState, type FormEvent } from 'react';
import { trapTab } from '../../lib/trap-focus.ts';
import { ModalActions, ModalRefusal, useRefusal } from '../../components/ui/modal-actions.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorMessage, fieldErrors } from '../../lib/api.ts';
import { useNotifySuccess } from '../../lib/use-notify.ts';
import {
  useCreateReferenceMutation,
  useDeleteReferenceMutation,
  useUpdateReferenceMutation,
  type ReferenceBody,
  type ReferenceKind,
} from './reference-api.ts';

export interface ReferenceRow {
  id: number;
  name: string;
  code?: string;
  fractional?: boolean;
  productsCount: number;
}

/** What the dialog does: add one, edit (rename; a unit's fractional too) or confirm a deletion. */
export type DialogState =
  { mode: 'add' } | { mode: 'edit'; row: ReferenceRow } | { mode: 'delete'; row: ReferenceRow } | null;

const NOUN: Record<ReferenceKind, string> = {
  categories: 'categoria',
  unities: 'unidade',
  'unity-batches': 'embalagem',
};

function Shell({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  // a real modal, like the shared one: the page behind is inert, Tab stays inside, Escape closes
  const dialog = useRef<HTMLDialogElement>(null);
  // the control that opened it (read before it opens) gets the focus back when it goes, as with the shared one
  const [opener] = useState(() => document.activeElement);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [opener]);
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-label={title}
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-box">
        <h3 className="mb-4 text-lg font-semibold">{title}</h3>
        {children}
      </div>
      {/* a click outside closes; Tab and screen readers skip it (Escape does the same) */}
      <button type="button" className="modal-backdrop" tabIndex={-1} aria-hidden="true" onClick={onClose} />
    </dialog>
  );
}

/** Confirms the deletion of an unused row (the server refuses one that products use: said here, the dialog open). */
function DeleteDialog({
  kind,
  row,
  onClose,
}: {
  kind: ReferenceKind;
  row: ReferenceRow;
  onClose: () => void;
}) {
  const notify = useNotifySuccess();
  const [remove, removing] = useDeleteReferenceMutation();
  const { refusal, attempt } = useRefusal();
  const noun = NOUN[kind];
  const confirmDelete = async () => {
    if (!(await attempt(() => remove({ kind, id: row.id })))) return;
    notify(`A ${noun} foi excluída.`);
    onClose();
  };
  return (
    <Shell title={`Excluir ${noun}`} onClose={onClose}>
      <p>
        Excluir a {noun} <strong>{row.code ?? row.name}</strong>? Isto não pode ser desfeito.
      </p>
      <ModalRefusal message={refusal} />
      <ModalActions
        onCancel={onClose}
        confirmLabel="Excluir"
        onConfirm={confirmDelete}
        danger
        disabled={removing.isLoading}
      />
    </Shell>
  );
}

/** Add, edit or delete one category, unit or packaging type (admins; the server checks it too). */
export function ReferenceDialog({
  kind,
  state,
  onClose,
}: {
  kind: ReferenceKind;
  state: Exclude<DialogState, null>;
  onClose: () => void;
}) {
  const notify = useNotifySuccess();
  const editing = state.mode === 'edit' ? state.row : null;
  const [code, setCode] = useState(editing?.code ?? '');
  const [name, setName] = useState(editing?.name ?? '');
  const [fractional, setFractional] = useState(editing?.fractional ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, creating] = useCreateReferenceMutation();
  const [update, updating] = useUpdateReferenceMutation();
  const noun = NOUN[kind];
  const hasCode = kind !== 'categories';

  if (state.mode === 'delete') return <DeleteDialog kind={kind} row={state.row} onClose={onClose} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: ReferenceBody = { name };
    if (kind === 'unities') body.fractional = fractional;
    if (!editing && hasCode) body.code = code;
    const result = editing ? await update({ kind, id: editing.id, body }) : await create({ kind, body });
    if ('error' in result) {
      const issues = fieldErrors(result.error);
      setErrors(Object.keys(issues).length ? issues : { name: errorMessage(result.error) });
      return;
    }
    notify(editing ? `A ${noun} foi alterada.` : `A ${noun} foi adicionada.`);
    onClose();
  };

  const fractionalLocked = Boolean(editing && editing.productsCount > 0);
  return (
    <Shell title={editing ? `Editar ${noun}` : `Adicionar ${noun}`} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {hasCode ? (
          <TextField
            label="Código"
            value={code}
            onChange={(value) => setCode(value.toUpperCase())}
            error={errors.code}
            disabled={Boolean(editing)}
            maxLength={kind === 'unities' ? 6 : 20}
            hint={editing ? 'O código não muda depois de criado.' : 'Letras e números, sem espaços.'}
          />
        ) : null}
        <TextField label="Nome" value={name} onChange={setName} error={errors.name} maxLength={200} />
        {kind === 'unities' ? (
          <FractionalField checked={fractional} locked={fractionalLocked} onChange={setFractional} />
        ) : null}
        <ModalActions
          onCancel={onClose}
          confirmLabel="Salvar"
          disabled={creating.isLoading || updating.isLoading}
        />
      </form>
    </Shell>
  );
}

function FractionalField({
  checked,
  locked,
  onChange,
}: {
  checked: boolean;
  locked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <>
      <label className="label mt-3 cursor-pointer gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={checked}
          disabled={locked}
          onChange={(event) => onChange(event.target.checked)}
        />
        Aceita frações (ex.: 1,250)
      </label>
      {locked ? (
        <p className="text-base-content/70 mt-1 text-sm">
          Já há produtos nesta unidade: as frações não podem mudar.
        </p>
      ) : null}
    </>
  );
}
