import { MONTH_NAMES, type TStockMovement } from '@armazem/contracts/movements';
import { useAppDispatch } from '../../../app/hooks.ts';
import { DataTable, sortRows, type Column } from '../../../components/ui/data-table.tsx';
import { DeleteButton } from '../../../components/ui/delete-button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { openModal } from '../../../lib/modal.ts';
import type { useListParams } from '../../../lib/use-list-params.ts';
import { isMonthClosed } from '@armazem/contracts/stock-history';
import { useClosingsQuery } from '../../../lib/closings-api.ts';
import { yearMonth } from '../../../lib/dates.ts';
import { movementUrls, useStockMovementQuery } from '../movements-api.ts';
import { usePermitted } from '../../../lib/permissions-api.ts';

export const MOVEMENT_SORTS = ['createdAt', 'fileName', 'description', 'rows', 'createdBy'] as const;
export type MovementSort = (typeof MOVEMENT_SORTS)[number];
const SORT_VALUE: Record<MovementSort, (movement: TStockMovement) => string | number> = {
  createdAt: (movement) => movement.createdAt,
  fileName: (movement) => movement.fileName,
  description: (movement) => movement.description ?? '',
  rows: (movement) => movement.rows,
  createdBy: (movement) => movement.createdBy.name,
};

/** `onDelete` null: the month is closed, and nothing dated in it can be undone until an admin reopens it. */
function movementColumns(
  onDelete: ((movement: TStockMovement) => void) | null,
  onHistory: (movement: TStockMovement) => void,
): Array<Column<TStockMovement, MovementSort>> {
  return [
    { key: 'fileName', header: 'Arquivo', sort: 'fileName', cell: (movement) => movement.fileName },
    {
      key: 'description',
      header: 'Descrição',
      sort: 'description',
      cell: (movement) => movement.description ?? '—',
    },
    { key: 'rows', header: 'Linhas', sort: 'rows', firstOrder: 'desc', align: 'right', cell: (m) => m.rows },
    { key: 'entries', header: 'Entradas', align: 'right', cell: (movement) => movement.entries },
    { key: 'exits', header: 'Saídas', align: 'right', cell: (movement) => movement.exits },
    {
      key: 'createdBy',
      header: 'Importada por',
      sort: 'createdBy',
      cell: (movement) => movement.createdBy.name,
    },
    {
      key: 'createdAt',
      header: 'Em',
      sort: 'createdAt',
      firstOrder: 'desc',
      className: 'whitespace-nowrap',
      cell: (movement) => formatDateTime(movement.createdAt),
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (movement) => (
        <>
          <a
            className="btn btn-ghost btn-sm"
            href={movementUrls.original(movement.id)}
            download
            aria-label={`Baixar ${movement.fileName}`}
          >
            <Icon name="download" className="h-4 w-4" />
          </a>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={`Histórico de ${movement.fileName}`}
            onClick={() => onHistory(movement)}
          >
            Histórico
          </button>
          {onDelete ? (
            <DeleteButton label={`Excluir ${movement.fileName}`} onClick={() => onDelete(movement)} />
          ) : null}
        </>
      ),
    },
  ];
}

export type MovementList = ReturnType<typeof useListParams<MovementSort>>;

/** The sheets imported in a month, sorted in the browser (a month's imports arrive whole); each can be undone. */
export function ImportedSheets({ year, month, list }: { year: number; month: number; list: MovementList }) {
  const dispatch = useAppDispatch();
  const { data: movements } = useStockMovementQuery({ year, month });
  const closed = isMonthClosed(yearMonth(year, month), useClosingsQuery().data?.closedThrough ?? null);
  const title = `Planilhas importadas em ${MONTH_NAMES[month - 1]} de ${year}`;
  const mayDelete = usePermitted('sheet.delete');
  const columns = movementColumns(
    closed || !mayDelete
      ? null
      : (movement) =>
          dispatch(
            openModal(
              'MOVEMENT_DELETE',
              { stockMovementId: movement.id, fileName: movement.fileName },
              { title: 'Excluir importação' },
            ),
          ),
    (movement) =>
      dispatch(
        openModal(
          'MOVEMENT_HISTORY',
          { stockMovementId: movement.id },
          { title: `Histórico de ${movement.fileName}` },
        ),
      ),
  );
  return (
    <>
      <h3 className="mb-2 font-semibold">{title}</h3>
      {closed && movements && movements.data.length > 0 ? (
        <p className="mb-2 text-sm opacity-80" data-testid="closed-month-sheets">
          Mês fechado: para excluir uma importação, reabra o mês.
        </p>
      ) : null}
      {movements && movements.data.length === 0 ? (
        <EmptyState>Nenhuma planilha importada neste mês.</EmptyState>
      ) : null}
      {movements && movements.data.length > 0 ? (
        <DataTable
          label={title}
          testId="movements-table"
          columns={columns}
          rows={sortRows(movements.data, list.order, SORT_VALUE[list.sort])}
          rowKey={(movement) => movement.id}
          sort={list.sort}
          order={list.order}
          onSort={list.toggleSort}
          zebra={false}
        />
      ) : null}
    </>
  );
}
