import { withFieldName } from '@armazem/contracts/field-message';
import { useRef, type ReactNode } from 'react';
import { ScrollHint, useOverflows } from './data-table.tsx';

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

/** A row's errors, each naming its column. */
function RowErrors({ errors }: { errors: PreviewRow['errors'] }) {
  return errors.map((error) => {
    const text = withFieldName(error.column, error.message);
    return (
      <div key={`${error.column}-${error.message}`}>
        {text === error.message ? (
          text
        ) : (
          <>
            <strong>{error.column}:</strong> {error.message}
          </>
        )}
      </div>
    );
  });
}

/** A phone's row of errors, under its row, across the screen's width. */
function PhoneErrors({ row, span }: { row: PreviewRow; span: number }) {
  return (
    <tr className="bg-error/10 sm:hidden" data-testid="preview-row-errors">
      <td colSpan={span} className="text-error pt-0 text-sm">
        {/* stays in view when the area is scrolled sideways, as wide as the phone's screen */}
        <div className="sticky left-0 max-w-[calc(100vw-5rem)] whitespace-normal">
          <span className="sr-only">Erros da linha {row.line}: </span>
          <RowErrors errors={row.errors} />
        </div>
      </td>
    </tr>
  );
}

/**
 * The table of a sheet's preview (Movimentação's monthly sheet, Produtos' catalog sheet): rows with errors first, so
 * a 50,000-row sheet still shows what needs fixing at the top; each error names its column. Wider screens show the
 * errors in a column of their own; a phone, under their row, across the screen's width, where they can be read.
 * The area scrolls by keyboard too (it takes focus).
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
  const scroller = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(scroller);
  return (
    <div className="mt-4">
      {overflows ? <ScrollHint /> : null}
      <div
        ref={scroller}
        className="focus-visible:outline-base-content max-h-[32rem] overflow-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-solid"
        tabIndex={0}
        role="region"
        aria-label="Prévia da planilha, linha a linha"
        data-testid="preview-scroll"
      >
        <table className="table-sm table-pin-rows table" data-testid="preview-table">
          <thead>
            <tr>
              <th>Linha</th>
              {columns.map((column) => (
                <th key={column.header} className={column.className}>
                  {column.header}
                </th>
              ))}
              <th className="hidden sm:table-cell">Erros</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => {
              const failed = row.errors.length > 0;
              return [
                <tr
                  key={row.line}
                  className={failed ? 'bg-error/10' : ''}
                  data-testid={`preview-line-${row.line}`}
                >
                  <td>{row.line}</td>
                  {columns.map((column) => (
                    <td key={column.header} className={column.className}>
                      {column.cell(row)}
                    </td>
                  ))}
                  <td className="text-error hidden text-sm sm:table-cell">
                    <RowErrors errors={row.errors} />
                  </td>
                </tr>,
                failed ? (
                  <PhoneErrors key={`${row.line}-errors`} row={row} span={columns.length + 1} />
                ) : null,
              ];
            })}
          </tbody>
        </table>
        {rows.length > SHOWN ? (
          <p className="p-2 text-sm">
            Mostrando {SHOWN} de {rows.length} linhas (as com erro primeiro).
          </p>
        ) : null}
      </div>
    </div>
  );
}
