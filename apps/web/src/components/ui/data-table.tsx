import { Fragment, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { SortOrder } from '../../lib/use-list-params.ts';

export interface Column<T, S extends string = string> {
  /** stable key of the column */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** the sort this column's header applies; absent: not sortable */
  sort?: S;
  /** the order of the first click (dates and amounts read best newest/largest first) */
  firstOrder?: SortOrder;
  align?: 'right';
  className?: string;
  /** data-testid of this column's cells */
  cellTestId?: string;
  /**
   * Below 768 px the column is not drawn: a secondary column (a code beside the name, a category, a less important
   * figure), so that on a phone the name, the key figure and the row's actions fit without scrolling sideways.
   */
  narrowHidden?: boolean;
}

export interface DataTableProps<T, S extends string> {
  columns: Array<Column<T, S>>;
  rows: T[];
  rowKey: (row: T) => string | number;
  sort?: S;
  order?: SortOrder;
  onSort?: (sort: S, firstOrder?: SortOrder) => void;
  /** names the table for assistive technology */
  label: string;
  busy?: boolean;
  rowTestId?: (row: T) => string;
  rowClassName?: (row: T) => string;
  /** extra data-* attributes of a row */
  rowData?: (row: T) => Record<`data-${string}`, string | boolean>;
  testId?: string;
  /** names the table itself too, where one card holds several tables */
  tableLabel?: string;
  zebra?: boolean;
  compact?: boolean;
  /** below 768 px each row is drawn as a block of its own, its cells wrapping one after another, and the header as a sort bar */
  stacked?: boolean;
  /** rows of the body before the data rows (an opening balance) */
  leadRows?: ReactNode;
  /** rows of the body after the data rows (a closing balance, "no movements") */
  tailRows?: ReactNode;
  /** the rows of the table's `<tfoot>` (a grand total) */
  footer?: ReactNode;
  /** consecutive rows with the same key form a group, closed by `groupEnd` (a subtotal row) */
  groupBy?: (row: T) => string | number | null;
  /** the row after a group's last row, given that row */
  groupEnd?: (row: T) => ReactNode;
}

/** A column of figures (quantities, amounts): right-aligned, each on one line; `more` adds its sort or test id. */
export function figureColumn<T, S extends string = string>(
  key: string,
  header: ReactNode,
  cell: (row: T) => ReactNode,
  more: Pick<Column<T, S>, 'sort' | 'firstOrder' | 'cellTestId' | 'narrowHidden'> = {},
): Column<T, S> {
  return { key, header, cell, align: 'right', className: 'whitespace-nowrap', ...more };
}

/** A shortened column header (a narrow column): its full name on hover and for screen readers. */
export function ShortHeader({ short, full }: { short: string; full: string }) {
  return (
    <span title={full}>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{full}</span>
    </span>
  );
}

const ARROW = { asc: '↑', desc: '↓' } as const;

// a narrow screen: rows and the header row wrap as flex lines, the first cell (the row's name) on a line of its own
const STACKED =
  'max-md:block max-md:[&_:is(thead,tbody)]:block max-md:[&_tr]:flex max-md:[&_tr]:flex-wrap max-md:[&_tr]:items-center max-md:[&_tr]:gap-x-4 max-md:[&_tr]:gap-y-2 max-md:[&_tr]:py-3 max-md:[&_:is(th,td)]:p-0 max-md:[&_tbody_td:first-child]:basis-full max-md:[&_td]:[overflow-wrap:anywhere]';

const NARROW_HIDDEN = 'max-md:hidden';
// a narrow screen: half the room between columns, so the columns a phone draws fit its width
const NARROW_CELLS = 'max-md:[&_:is(th,td)]:px-2';

const cellClass = (column: Pick<Column<unknown>, 'align' | 'className' | 'narrowHidden'>) =>
  `${column.align === 'right' ? 'text-right' : ''} ${column.className ?? ''} ${column.narrowHidden ? NARROW_HIDDEN : ''}`;

/** How many of the columns a phone draws (the span of a row across all of them there). */
export const narrowColumnCount = (columns: Array<{ narrowHidden?: boolean }>) =>
  columns.filter((column) => !column.narrowHidden).length;

interface HeaderCellProps<T, S extends string> {
  column: Column<T, S>;
  sort: S | undefined;
  order: SortOrder;
  onSort: ((sort: S, firstOrder?: SortOrder) => void) | undefined;
}

/** A column header: a sort button when the column sorts, with aria-sort saying the current order. */
function HeaderCell<T, S extends string>({ column, sort, order, onSort }: HeaderCellProps<T, S>) {
  const active = column.sort !== undefined && column.sort === sort;
  const ariaSort = column.sort
    ? active
      ? order === 'asc'
        ? 'ascending'
        : 'descending'
      : 'none'
    : undefined;
  return (
    <th scope="col" aria-sort={ariaSort} className={cellClass(column)}>
      {column.sort && onSort ? (
        <button
          type="button"
          className={`inline-flex items-center gap-1 whitespace-nowrap hover:underline ${column.align === 'right' ? 'flex-row-reverse' : ''}`}
          onClick={() => onSort(column.sort as S, column.firstOrder)}
        >
          {column.header}
          <span aria-hidden="true" className={active ? '' : 'opacity-30'}>
            {active ? ARROW[order] : '↕'}
          </span>
        </button>
      ) : (
        column.header
      )}
    </th>
  );
}

/** Whether the table is wider than its card (a phone, a narrow window): then it says it scrolls sideways. */
export function useOverflows(scroller: RefObject<HTMLDivElement | null>) {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [scroller]);
  return overflows;
}

/** Said above a table wider than its card. */
export function ScrollHint() {
  return (
    <p className="mb-1 text-xs opacity-70" data-testid="table-scroll-hint">
      Role a tabela para o lado para ver todas as colunas.
    </p>
  );
}

/**
 * The table of every screen: headers sort (buttons, with aria-sort), and the table scrolls inside its card on a
 * phone instead of widening the page. Rows that sum up rather than list (an opening balance, a group's subtotal, a
 * grand total in `<tfoot>`) come through `leadRows`, `tailRows`, `groupEnd` and `footer`, so no screen writes its
 * own `<table>`.
 */
export function DataTable<T, S extends string>({
  columns,
  rows,
  rowKey,
  sort,
  order = 'asc',
  onSort,
  label,
  busy = false,
  rowTestId,
  rowClassName,
  rowData,
  testId,
  tableLabel,
  zebra = true,
  compact = false,
  stacked = false,
  leadRows,
  tailRows,
  footer,
  groupBy,
  groupEnd,
}: DataTableProps<T, S>) {
  const closesGroup = (index: number) =>
    groupEnd !== undefined &&
    groupBy !== undefined &&
    (index === rows.length - 1 || groupBy(rows[index + 1] as T) !== groupBy(rows[index] as T));
  const scroller = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(scroller);
  return (
    <>
      {overflows ? <ScrollHint /> : null}
      <div
        ref={scroller}
        className={`w-full max-w-full overflow-x-auto ${busy ? 'opacity-60' : ''}`}
        data-testid="table-scroll"
        // scrollable region: reachable by keyboard so its hidden columns can be scrolled to
        tabIndex={0}
        role="region"
        aria-label={label}
        aria-busy={busy || undefined}
      >
        <table
          className={`table ${zebra ? 'table-zebra' : ''} ${compact ? 'table-sm' : ''} ${stacked ? STACKED : NARROW_CELLS}`}
          data-testid={testId}
          aria-label={tableLabel}
        >
          <thead>
            <tr>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} sort={sort} order={order} onSort={onSort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {leadRows}
            {rows.map((row, index) => (
              <Fragment key={rowKey(row)}>
                <tr data-testid={rowTestId?.(row)} className={rowClassName?.(row)} {...rowData?.(row)}>
                  {columns.map((column) => (
                    <td key={column.key} className={cellClass(column)} data-testid={column.cellTestId}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
                {closesGroup(index) ? groupEnd?.(row) : null}
              </Fragment>
            ))}
            {tailRows}
          </tbody>
          {footer ? <tfoot>{footer}</tfoot> : null}
        </table>
      </div>
    </>
  );
}

/** A figure of a summary row: right-aligned, on one line. */
export interface Figure {
  value: ReactNode;
  testId?: string;
  /** not drawn below 768 px, as its column */
  narrowHidden?: boolean;
}

/**
 * A row that sums up rather than lists (an opening or closing balance, a group's or the table's total): its label
 * spans the columns before the figures, which line up under the last columns. `narrowSpan`: the label's span below
 * 768 px, where the columns marked `narrowHidden` are not drawn (an empty cell, drawn only wider, makes up the rest).
 */
export function SummaryRow({
  label,
  span,
  narrowSpan = span,
  figures = [],
  className,
  testId,
}: {
  label: ReactNode;
  span: number;
  narrowSpan?: number;
  figures?: Figure[];
  className?: string;
  testId?: string;
}) {
  return (
    <tr className={className} data-testid={testId}>
      <td colSpan={narrowSpan}>{label}</td>
      {narrowSpan < span ? <td colSpan={span - narrowSpan} className={NARROW_HIDDEN} /> : null}
      {figures.map((figure, index) => (
        <td
          key={index}
          className={`text-right whitespace-nowrap ${figure.narrowHidden ? NARROW_HIDDEN : ''}`}
          data-testid={figure.testId}
        >
          {figure.value}
        </td>
      ))}
    </tr>
  );
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** Sorting for the short lists that arrive whole (reference tables, a month's imports): Portuguese collation. */
export function sortRows<T>(rows: T[], order: SortOrder, value: (row: T) => string | number | null): T[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    if (left === right) return 0;
    if (left === null) return 1;
    if (right === null) return -1;
    if (typeof left === 'number' && typeof right === 'number') return (left - right) * sign;
    return collator.compare(String(left), String(right)) * sign;
  });
}
