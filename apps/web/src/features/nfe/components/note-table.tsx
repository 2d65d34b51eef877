import { DataTable, type DataTableProps } from '../../../components/ui/data-table.tsx';

type NoteTableProps<T> = Pick<
  DataTableProps<T, string>,
  'label' | 'columns' | 'rows' | 'rowKey' | 'rowTestId' | 'testId'
>;

/**
 * A table of a note (its items, the entries it posted): compact and plain, and the table itself named, since a
 * note's preview or detail shows more than one.
 */
export function NoteTable<T>({ label, ...props }: NoteTableProps<T>) {
  return <DataTable {...props} label={label} tableLabel={label} zebra={false} compact />;
}
