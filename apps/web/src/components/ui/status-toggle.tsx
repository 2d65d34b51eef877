import type { TStatus } from '@armazem/contracts/common';

/** Active/inactive switch; the parent sends the PATCH and shows the notification. */
export function StatusToggle({
  status,
  label,
  onToggle,
  disabled,
}: {
  status: TStatus;
  label: string;
  onToggle: (next: TStatus) => void;
  disabled?: boolean;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2">
      <input
        type="checkbox"
        className="toggle toggle-success toggle-sm"
        checked={status === 'active'}
        disabled={disabled}
        aria-label={label}
        onChange={() => onToggle(status === 'active' ? 'inactive' : 'active')}
      />
      <span className="text-sm">{status === 'active' ? 'Ativo' : 'Inativo'}</span>
    </label>
  );
}
