import { TableScroll } from '../../components/ui/table-scroll.tsx';

/** A sheet's columns as the guide lists them: the column's name, then what goes in it. */
export function SheetColumnsTable({ label, columns }: { label: string; columns: Array<[string, string]> }) {
  return (
    <TableScroll label={label}>
      <table className="table table-sm">
        <thead>
          <tr>
            <th>Coluna</th>
            <th>Conteúdo</th>
          </tr>
        </thead>
        <tbody>
          {columns.map(([column, text]) => (
            <tr key={column}>
              <td className="font-mono">{column}</td>
              <td>{text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
