import { Icon } from './icon.tsx';

/** The red trash button of every list row; it only opens the confirmation, never deletes by itself. */
export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-ghost btn-sm text-error" aria-label={label} onClick={onClick}>
      <Icon name="trash" className="h-4 w-4" />
    </button>
  );
}
