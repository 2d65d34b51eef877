import { Link } from 'react-router';
import { LEDGER_STATUSES, type TLedgerEntry } from '@armazem/contracts/stock';
import { isMonthClosed } from '@armazem/contracts/stock-history';
import { useAppDispatch } from '../../../app/hooks.ts';
import { featureMessages } from '../../../config/feature-messages.ts';
import { paths } from '../../../config/paths.ts';
import { localDateOf } from '../../../lib/dates.ts';
import { formatDate } from '../../../lib/format.ts';
import { openModal } from '../../../lib/modal.ts';
import { useClosingsQuery } from '../../../lib/closings-api.ts';
import { PermittedButton } from '../../../components/ui/permitted-button.tsx';

type LedgerStatus = (typeof LEDGER_STATUSES)[number];
const text = featureMessages.stockHistory;

/** The id of the Entradas or Saídas list's heading: focus goes there once a row is cancelled (its button is gone). */
export const LEDGER_HEADING_ID = 'ledger-heading';

/** The Situação filter of Entradas and Saídas, kept in the URL (`?status=`) so Back and reload keep it. */
export function LedgerStatusFilter({
  value,
  onChange,
}: {
  value: LedgerStatus;
  onChange: (status: LedgerStatus) => void;
}) {
  return (
    <label className="fieldset">
      <span className="fieldset-legend">{text.statusFilter}</span>
      <select
        className="select select-sm"
        value={value}
        onChange={(e) => onChange(e.target.value as LedgerStatus)}
      >
        {LEDGER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {text.statuses[status]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A cancelled row is struck through, except the cell that says who cancelled it and why. */
export const ledgerRowClass = (entry: TLedgerEntry) =>
  entry.cancelledAt ? 'text-base-content/60 [&>td:not(:last-child)]:line-through' : '';

/** The history of a manual row (recorded, cancelled), in the shared modal. */
function EntryHistoryButton({ entry }: { entry: TLedgerEntry }) {
  const dispatch = useAppDispatch();
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      aria-label={`Histórico de ${entry.product.name} de ${formatDate(entry.occurredOn)}`}
      onClick={() =>
        dispatch(openModal('STOCK_ENTRY_HISTORY', { entry }, { title: `Histórico: ${entry.product.name}` }))
      }
    >
      Histórico
    </button>
  );
}

/**
 * The last cell of a ledger row: the estorno of a manual row (and its history), or where a row from elsewhere is
 * undone. Its notes take the table's own text size, so they do not widen the column.
 */
export function LedgerEntryAction({ entry }: { entry: TLedgerEntry }) {
  const action = <LedgerEntryActionOnly entry={entry} />;
  if (entry.source !== 'manual') return action;
  return (
    <span className="flex flex-wrap items-center justify-end gap-1">
      {action}
      <EntryHistoryButton entry={entry} />
    </span>
  );
}

function LedgerEntryActionOnly({ entry }: { entry: TLedgerEntry }) {
  const dispatch = useAppDispatch();
  const closedThrough = useClosingsQuery().data?.closedThrough ?? null;
  if (entry.cancelledAt) {
    return (
      <span data-testid="cancelled-note">
        {text.cancelled(
          formatDate(localDateOf(entry.cancelledAt)),
          entry.cancelledBy?.name ?? '—',
          entry.cancelReason ?? '',
        )}
      </span>
    );
  }
  if (entry.source === 'sheet') {
    // every row of a monthly sheet is dated in its month: the link opens that month, where its import is listed
    const [year, month] = entry.occurredOn.split('-');
    return (
      <Link className="link" to={`${paths.stockMovement}?year=${year}&month=${Number(month)}`}>
        {text.fromSheet(`${month}/${year}`)}
      </Link>
    );
  }
  if (entry.source === 'nfe') return <span>{text.fromNfe}</span>;
  if (entry.source === 'count') return <span>{text.fromCount}</span>;
  if (isMonthClosed(entry.occurredOn.slice(0, 7), closedThrough)) {
    // nothing dated in a closed month can be cancelled: said here, not after a reason is typed
    return <span className="opacity-80">{text.monthClosed}</span>;
  }
  // a side of a transfer is cancelled with its other side: the button says so
  const label = entry.transferId ? text.cancelTransfer : text.cancel;
  return (
    <PermittedButton
      action="movement.cancel"
      className="btn btn-ghost btn-sm text-error"
      aria-label={`${label} ${entry.product.name} de ${formatDate(entry.occurredOn)}`}
      onClick={() =>
        dispatch(
          openModal(
            'STOCK_ENTRY_CANCEL',
            { entry },
            { title: entry.transferId ? text.cancelTransfer : text.cancelTitle },
          ),
        )
      }
    >
      {label}
    </PermittedButton>
  );
}
