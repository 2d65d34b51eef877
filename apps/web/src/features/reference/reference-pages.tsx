import { useState } from 'react';
import type { TStatus } from '@armazem/contracts/common';
import { useAppSelector } from '../../app/hooks.ts';
import { DataTable, sortRows, type Column } from '../../components/ui/data-table.tsx';
import { DeleteButton } from '../../components/ui/delete-button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { StatusToggle } from '../../components/ui/status-toggle.tsx';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { useCategoriesQuery, useUnitiesQuery, useUnityBatchesQuery } from '../../lib/lookups-api.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useNotifySuccess } from '../../lib/use-notify.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useSetReferenceStatusMutation, type ReferenceKind } from './reference-api.ts';
import { ReferenceDialog, type DialogState, type ReferenceRow } from './reference-dialog.tsx';
import { PermittedButton } from '../../components/ui/permitted-button.tsx';

interface ReferenceColumn<T> extends Column<T> {
  /** absent: not sortable (the actions) */
  sort?: string;
  /** what the column sorts by (Portuguese collation) */
  value?: (row: T) => string;
}

type Row = ReferenceRow & { status: TStatus };

const productsLabel = (count: number) =>
  count === 1 ? '1 produto' : `${count.toLocaleString('pt-BR')} produtos`;

/** Columns every reference list shares: how many products use the row and its status. */
function sharedColumns<T extends Row>(
  admin: boolean,
  onToggle: (row: T, next: TStatus) => void,
): Array<ReferenceColumn<T>> {
  return [
    {
      key: 'products',
      header: 'Produtos',
      sort: 'products',
      align: 'right',
      value: (row) => String(row.productsCount).padStart(9, '0'),
      cell: (row) => <span data-testid="products-count">{productsLabel(row.productsCount)}</span>,
    },
    {
      key: 'status',
      header: 'Situação',
      sort: 'status',
      value: (row) => row.status,
      cell: (row) => (
        <StatusToggle
          status={row.status}
          disabled={!admin}
          label={`Situação de ${row.code ?? row.name}`}
          onToggle={(next) => onToggle(row, next)}
        />
      ),
    },
  ];
}

/** Edit, and delete when no product uses the row (admins). */
function actionsColumn<T extends Row>(setDialog: (state: DialogState) => void): ReferenceColumn<T> {
  return {
    key: 'actions',
    header: 'Ações',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (row) => (
      <>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={`Editar ${row.code ?? row.name}`}
          onClick={() => setDialog({ mode: 'edit', row })}
        >
          <Icon name="edit" className="h-4 w-4" />
          Editar
        </button>
        {row.productsCount === 0 ? (
          <DeleteButton
            label={`Excluir ${row.code ?? row.name}`}
            onClick={() => setDialog({ mode: 'delete', row })}
          />
        ) : null}
      </>
    ),
  };
}

/** The short reference lists arrive whole, so they sort here; the sort lives in the URL like every list. */
function ReferenceTable<T extends Row>({
  kind,
  title,
  note,
  columns,
  rows,
}: {
  kind: ReferenceKind;
  title: string;
  note: string;
  columns: Array<ReferenceColumn<T>>;
  rows: T[] | undefined;
}) {
  usePageTitle(title);
  const admin = useAppSelector((state) => state.auth.user?.role === 'admin');
  const notify = useNotifySuccess();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [setStatus] = useSetReferenceStatusMutation();
  const toggle = async (row: T, status: TStatus) => {
    const result = await setStatus({ kind, id: row.id, status });
    if (!('error' in result))
      notify(status === 'active' ? 'Reativado.' : 'Desativado: não aparece mais nos cadastros.');
  };
  const all: Array<ReferenceColumn<T>> = [
    ...columns,
    ...sharedColumns<T>(admin, (row, next) => void toggle(row, next)),
  ];
  if (admin) all.push(actionsColumn<T>(setDialog));
  const sorts = all.flatMap((column) => (column.sort ? [column.sort] : []));
  const list = useListParams({ sort: sorts[0] ?? '', order: 'asc', sorts });
  const sortColumn = all.find((column) => column.sort === list.sort) ?? all[0];
  const sortValue = sortColumn?.value ?? (() => '');
  return (
    <TitleCard
      title={title}
      actions={
        <PermittedButton
          action="reference.create"
          className="btn btn-primary btn-sm"
          onClick={() => setDialog({ mode: 'add' })}
        >
          <Icon name="plus" className="h-4 w-4" />
          Adicionar
        </PermittedButton>
      }
    >
      <p className="text-base-content/70 mb-4 text-sm">
        {note}{' '}
        {admin ? 'O que já tem produtos não pode ser excluído: desative para tirar dos cadastros.' : ''}
      </p>
      {rows && sortColumn ? (
        <DataTable
          label={title}
          columns={all}
          rows={sortRows(rows, list.order, sortValue)}
          rowKey={(row) => row.id}
          sort={list.sort}
          order={list.order}
          onSort={list.toggleSort}
        />
      ) : null}
      {dialog ? <ReferenceDialog kind={kind} state={dialog} onClose={() => setDialog(null)} /> : null}
    </TitleCard>
  );
}

const codeColumn = <T extends Row>(): ReferenceColumn<T> => ({
  key: 'code',
  header: 'Código',
  sort: 'code',
  className: 'font-mono',
  value: (row) => row.code ?? '',
  cell: (row) => row.code,
});

export function CategoriesPage() {
  const { data } = useCategoriesQuery();
  return (
    <ReferenceTable
      kind="categories"
      title="Categorias"
      note="Categorias usadas para agrupar produtos nos cadastros e nos relatórios."
      columns={[{ key: 'name', header: 'Nome', sort: 'name', value: (c) => c.name, cell: (c) => c.name }]}
      rows={data}
    />
  );
}

export function UnitiesPage() {
  const { data } = useUnitiesQuery();
  return (
    <ReferenceTable
      kind="unities"
      title="Unidades"
      note="Unidades de medida. As fracionárias aceitam quantidades com casas decimais (ex.: 1,250 KG)."
      columns={[
        codeColumn(),
        { key: 'name', header: 'Nome', sort: 'name', value: (u) => u.name, cell: (u) => u.name },
        {
          key: 'fractional',
          header: 'Fracionária',
          sort: 'fractional',
          value: (u) => (u.fractional ? 'Sim' : 'Não'),
          cell: (u) => (u.fractional ? 'Sim' : 'Não'),
        },
      ]}
      rows={data}
    />
  );
}

export function UnityBatchesPage() {
  const { data } = useUnityBatchesQuery();
  return (
    <ReferenceTable
      kind="unity-batches"
      title="Embalagens"
      note="Tipos de embalagem usados nas unidades dos produtos (ex.: Caixa c/ 12 UN)."
      columns={[
        codeColumn(),
        { key: 'name', header: 'Nome', sort: 'name', value: (b) => b.name, cell: (b) => b.name },
      ]}
      rows={data}
    />
  );
}
