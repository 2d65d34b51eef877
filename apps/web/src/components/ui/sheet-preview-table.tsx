import type { ReactNode } from 'react';

/** One column of a sheet preview besides the line number and the errors, which every preview shows. */
export interface PreviewColumn<Row> {
  header: string;
  className?: string;
  cell: (row: Row) => ReactNode;
}

interface PreviewRow {
  line: number;
  errors: Array<{ column: string; message: string }>;
}

const SHOWN = 500;

/**
 * The table of a sheet's preview (Movimentação's monthly sheet, Produtos' catalog sheet): rows with errors first, so
 * a 50,000-row sheet still shows what needs fixing at the top; each error names its column.
 */
export function SheetPreviewTable<Row extends PreviewRow>({
  rows,
  columns,
}: {
  rows: Row[];
  columns: Array<PreviewColumn<Row>>;
}) {
  const invalid = rows.filter((row) => row.errors.length > 0);
  const shown = [...invalid, ...rows.filter((row) => row.errors.length === 0)].slice(0, SHOWN);
  return (
    <div className="mt-4 max-h-[32rem] overflow-auto">
      <table className="table table-sm table-pin-rows" data-testid="preview-table">
        <thead>
          <tr>
            <th>Linha</th>
            {columns.map((column) => (
              <th key={column.header} className={column.className}>
                {column.header}
              </th>
            ))}
            <th>Erros</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr
              key={row.line}
              className={row.errors.length > 0 ? 'bg-error/15' : ''}
              data-testid={`preview-line-${row.line}`}
            >
              <td>{row.line}</td>
              {columns.map((column) => (
                <td key={column.header} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
              <td className="text-error text-sm">
                {row.errors.map((error) => (
                  <div key={`${error.column}-${error.message}`}>
                    <strong>{error.column}:</strong> {error.message}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > SHOWN ? (
        <p className="p-2 text-sm">
          Mostrando {SHOWN} de {rows.length} linhas (as com erro primeiro).
        </p>
      ) : null}
    </div>
  );
}
