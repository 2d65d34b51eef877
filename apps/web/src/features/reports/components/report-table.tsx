import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';

interface Page<T> {
  data: T[];
  page: number;
  totalPages: number;
  total: number;
}

/** A report's page of products as a table, with its pages below (every tab of Análises shows its rows this way). */
export function ReportTable<T extends { product: { id: number } }>(props: {
  label: string;
  testId: string;
  columns: Array<Column<T>>;
  page: Page<T>;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { page } = props;
  return (
    <>
      <DataTable
        label={props.label}
        testId={props.testId}
        columns={props.columns}
        rows={page.data}
        rowKey={(row) => row.product.id}
        busy={props.busy}
        compact
      />
      <Pagination page={page.page} totalPages={page.totalPages} total={page.total} onChange={props.onPage} />
    </>
  );
}
