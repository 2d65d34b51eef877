import { DataTable, type Column } from '../../components/ui/data-table.tsx';

const columns: Array<Column<[string, string]>> = [
  { key: 'column', header: 'Coluna', cell: ([column]) => <span className="font-mono">{column}</span> },
  { key: 'text', header: 'Conteúdo', cell: ([, text]) => text },
];

/** A sheet's columns as the guide lists them: the column's name, then what goes in it. */
export function SheetColumnsTable({
  label,
  columns: rows,
}: {
  label: string;
  columns: Array<[string, string]>;
}) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={([column]) => column}
      zebra={false}
      compact
    />
  );
}
