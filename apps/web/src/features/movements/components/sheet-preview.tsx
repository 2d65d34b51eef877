import type { TSheetPreview } from '@armazem/contracts/movements';
import { countLabel } from '@armazem/contracts/plural';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '../../../lib/format.ts';

const SHOWN = 500;

export function SheetPreview({ content }: { content: TSheetPreview }) {
  const { summary } = content;
  const invalid = content.rows.filter((row) => row.errors.length > 0);
  // errors first, so a 50,000-row sheet still shows what needs fixing at the top
  const rows = [...invalid, ...content.rows.filter((row) => row.errors.length === 0)].slice(0, SHOWN);
  const { duplicateOf } = content;
  return (
    <div className="mt-4">
      {duplicateOf ? (
        <div className="alert alert-warning mb-4" role="alert" data-testid="preview-duplicate">
          <span>
            Esta planilha já foi importada neste mês ({duplicateOf.fileName}, em{' '}
            {formatDateTime(duplicateOf.createdAt)}) e não pode ser importada de novo. Exclua aquela
            importação na lista acima se quiser importá-la outra vez.
          </span>
        </div>
      ) : null}
      <div
        className={`alert ${summary.invalid > 0 ? 'alert-error' : duplicateOf ? 'alert-warning' : 'alert-success'}`}
        data-testid="preview-summary"
        role="status"
      >
        <span>
          {content.fileName}: {countLabel(summary.rows, 'linha', 'linhas')} (
          {countLabel(summary.entries, 'entrada', 'entradas')}, {countLabel(summary.exits, 'saída', 'saídas')}
          ) —{' '}
          {summary.invalid > 0
            ? `${summary.invalid} com erro. Corrija a planilha e envie de novo.`
            : duplicateOf
              ? `${summary.rows === 1 ? 'válida' : 'todas válidas'}, mas o arquivo já foi importado neste mês.`
              : `${summary.rows === 1 ? 'válida' : 'todas válidas'}. Clique em Importar.`}
        </span>
      </div>
      <div className="mt-4 max-h-[32rem] overflow-auto">
        <table className="table table-sm table-pin-rows" data-testid="preview-table">
          <thead>
            <tr>
              <th>Linha</th>
              <th>Data</th>
              <th>Código</th>
              <th>Produto</th>
              <th>Tipo</th>
              <th className="text-right">Quantidade</th>
              <th>Unidade</th>
              <th className="text-right">Custo unit.</th>
              <th>Documento</th>
              <th>Erros</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.line}
                className={row.errors.length > 0 ? 'bg-error/15' : ''}
                data-testid={`preview-line-${row.line}`}
              >
                <td>{row.line}</td>
                <td>
                  {row.occurredOn && /^\d{4}-\d{2}-\d{2}$/.test(row.occurredOn)
                    ? formatDate(row.occurredOn)
                    : (row.occurredOn ?? '—')}
                </td>
                <td className="font-mono">{row.sku ?? '—'}</td>
                <td>{row.product ?? '—'}</td>
                <td>{row.type ?? '—'}</td>
                <td className="text-right">
                  {row.quantity && /^-?\d+\.\d+$/.test(row.quantity)
                    ? formatQuantity(row.quantity)
                    : (row.quantity ?? '—')}
                </td>
                <td>{row.unity ?? '—'}</td>
                <td className="text-right">
                  {row.unitCost && /^-?\d+\.\d+$/.test(row.unitCost)
                    ? formatMoney(row.unitCost)
                    : (row.unitCost ?? '—')}
                </td>
                <td>{row.document ?? '—'}</td>
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
        {content.rows.length > SHOWN ? (
          <p className="p-2 text-sm">
            Mostrando {SHOWN} de {content.rows.length} linhas (as com erro primeiro).
          </p>
        ) : null}
      </div>
    </div>
  );
}
