import type { TSheetPreview, TSheetRow } from '@armazem/contracts/movements';
import { countLabel } from '@armazem/contracts/plural';
import { SheetPreviewTable, type PreviewColumn } from '../../../components/ui/sheet-preview-table.tsx';
import { formatDate, formatDateTime, formatUnitMoney, formatQuantity } from '../../../lib/format.ts';

const decimal = /^-?\d+\.\d+$/;

const COLUMNS: Array<PreviewColumn<TSheetRow>> = [
  {
    header: 'Data',
    cell: (row) =>
      row.occurredOn && /^\d{4}-\d{2}-\d{2}$/.test(row.occurredOn)
        ? formatDate(row.occurredOn)
        : (row.occurredOn ?? '—'),
  },
  { header: 'Código', className: 'font-mono whitespace-nowrap', cell: (row) => row.sku ?? '—' },
  { header: 'Produto', cell: (row) => row.product ?? '—' },
  { header: 'Tipo', cell: (row) => row.type ?? '—' },
  {
    header: 'Quantidade',
    className: 'text-right',
    cell: (row) =>
      row.quantity && decimal.test(row.quantity) ? formatQuantity(row.quantity) : (row.quantity ?? '—'),
  },
  { header: 'Unidade', cell: (row) => row.unity ?? '—' },
  {
    header: 'Custo unit.',
    className: 'text-right',
    cell: (row) =>
      row.unitCost && decimal.test(row.unitCost) ? formatUnitMoney(row.unitCost) : (row.unitCost ?? '—'),
  },
  // the supplier as the sheet names it (CNPJ or name) and the exit's reason: both are checked, so both are shown
  { header: 'Fornecedor', cell: (row) => row.supplier ?? '—' },
  { header: 'Motivo', cell: (row) => row.reason ?? '—' },
  { header: 'Documento', cell: (row) => row.document ?? '—' },
];

export function SheetPreview({ content }: { content: TSheetPreview }) {
  const { summary } = content;
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
      {content.monthNotice ? (
        <div className="alert alert-error mb-4" role="alert" data-testid="preview-month-notice">
          <span>{content.monthNotice}</span>
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
      <SheetPreviewTable rows={content.rows} columns={COLUMNS} />
    </div>
  );
}
