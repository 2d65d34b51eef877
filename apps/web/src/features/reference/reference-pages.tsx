import { DataTable, sortRows, type Column } from '../../components/ui/data-table.tsx';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { useCategoriesQuery, useUnitiesQuery, useUnityBatchesQuery } from '../../lib/lookups-api.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

interface ReferenceColumn<T> extends Column<T> {
  sort: string;
  /** what the column sorts by (Portuguese collation) */
  value: (row: T) => string;
}

/** The short reference lists arrive whole, so they sort here; the sort lives in the URL like every list. */
function ReferenceTable<T extends { id: number }>({
  title,
  note,
  columns,
  rows,
}: {
  title: string;
  note: string;
  columns: Array<ReferenceColumn<T>>;
  rows: T[] | undefined;
}) {
  usePageTitle(title);
  const sorts = columns.map((column) => column.sort);
  const list = useListParams({ sort: sorts[0] ?? '', order: 'asc', sorts });
  const sortColumn = columns.find((column) => column.sort === list.sort) ?? columns[0];
  return (
    <TitleCard title={title}>
      <p className="text-base-content/70 mb-4 text-sm">{note}</p>
      {rows && sortColumn ? (
        <DataTable
          label={title}
          columns={columns}
          rows={sortRows(rows, list.order, sortColumn.value)}
          rowKey={(row) => row.id}
          sort={list.sort}
          order={list.order}
          onSort={list.toggleSort}
        />
      ) : null}
    </TitleCard>
  );
}

export function CategoriesPage() {
  const { data } = useCategoriesQuery();
  return (
    <ReferenceTable
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
      title="Unidades"
      note="Unidades de medida. As fracionárias aceitam quantidades com casas decimais (ex.: 1,250 KG)."
      columns={[
        {
          key: 'code',
          header: 'Código',
          sort: 'code',
          className: 'font-mono',
          value: (u) => u.code,
          cell: (u) => u.code,
        },
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
      title="Embalagens"
      note="Tipos de embalagem usados nas unidades dos produtos (ex.: Caixa c/ 12 UN)."
      columns={[
        {
          key: 'code',
          header: 'Código',
          sort: 'code',
          className: 'font-mono',
          value: (b) => b.code,
          cell: (b) => b.code,
        },
        { key: 'name', header: 'Nome', sort: 'name', value: (b) => b.name, cell: (b) => b.name },
      ]}
      rows={data}
    />
  );
}
