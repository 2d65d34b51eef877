import { MONTH_NAMES } from '@armazem/contracts/movements';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { featureMessages } from '../../../config/feature-messages.ts';
import { localDateOf, localToday, monthLabel, yearMonth } from '../../../lib/dates.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { openModal } from '../../../lib/modal.ts';
import { useClosingsQuery } from '../../../lib/closings-api.ts';
import { monthClosing } from '../month-status.ts';
import { PermittedButton } from '../../../components/ui/permitted-button.tsx';

const text = featureMessages.stockHistory;

/** The chosen month's status in Movimentação; who may (DESIGN.md §6.7) closes and reopens; admins see the history. */
export function MonthClosingPanel({ year, month }: { year: number; month: number }) {
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector((state) => state.auth.user?.role === 'admin');
  const { data: closings } = useClosingsQuery();
  if (!closings) return null;
  const closing = monthClosing(closings, year, month);
  const label = monthLabel(year, month);
  const isOver = yearMonth(year, month) < localToday().slice(0, 7);
  const open = (title: string, bodyType: 'MONTH_CLOSE' | 'MONTH_REOPEN') =>
    dispatch(openModal(bodyType, { year, month, label }, { title }));

  return (
    <div className="bg-base-200 mb-4 rounded-box p-4" data-testid="month-closing">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <span className="font-semibold">
            {MONTH_NAMES[month - 1]} de {year}:
          </span>{' '}
          {closing ? (
            <span className="badge badge-neutral" data-testid="month-status">
              {closing.at
                ? text.monthClosedBy(formatDate(localDateOf(closing.at)), closing.by.name)
                : text.monthClosedBy('—', '—')}
            </span>
          ) : (
            <span className="badge badge-success" data-testid="month-status">
              {text.monthOpen}
            </span>
          )}
        </p>
        <div className="flex gap-2">
          {closing ? (
            <PermittedButton
              action="month.reopen"
              className="btn btn-sm"
              onClick={() => open(text.reopenMonth, 'MONTH_REOPEN')}
            >
              {text.reopenMonth}
            </PermittedButton>
          ) : isOver ? (
            <PermittedButton
              action="month.close"
              className="btn btn-sm btn-warning"
              onClick={() => open(text.closeMonth, 'MONTH_CLOSE')}
            >
              {text.closeMonth}
            </PermittedButton>
          ) : null}
        </div>
      </div>
      {isAdmin ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm">{text.closingsHistory}</summary>
          {closings.data.length === 0 ? (
            <p className="text-base-content/70 mt-2 text-sm">{text.noClosings}</p>
          ) : (
            <ul className="mt-2 text-sm" data-testid="closings-history">
              {closings.data.map((row) => (
                <li key={`${row.at}-${row.action}`}>
                  {formatDateTime(row.at)} — {row.by.name} {text.closingAction[row.action]}{' '}
                  {monthLabel(row.year, row.month)}
                  {row.reason ? `: ${row.reason}` : ''}
                </li>
              ))}
            </ul>
          )}
        </details>
      ) : null}
    </div>
  );
}
