import { useRef, useState } from 'react';
import { ExportMenu } from '../../../components/ui/export-menu.tsx';
import { MONTH_NAMES, type TSheetPreview, type TStockMovement } from '@armazem/contracts/movements';
import type { TErrorResponse } from '@armazem/contracts/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { DataTable, sortRows, type Column } from '../../../components/ui/data-table.tsx';
import { DeleteButton } from '../../../components/ui/delete-button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useBusinessToday } from '../../../lib/business-today.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { openModal } from '../../../lib/modal.ts';
import { clearStockMovementContent, setStockMovementContent } from '../movement-content-slice.ts';
import { movementUrls, useAddStockMovementMutation, useStockMovementQuery } from '../movements-api.ts';
import { uploadSheetForPreview } from '../upload-sheet.ts';
import { MonthClosingPanel } from './month-closing-panel.tsx';
import { SheetPreview } from './sheet-preview.tsx';

const MOVEMENT_SORTS = ['createdAt', 'fileName', 'description', 'rows', 'createdBy'] as const;
type MovementSort = (typeof MOVEMENT_SORTS)[number];
const SORT_VALUE: Record<MovementSort, (movement: TStockMovement) => string | number> = {
  createdAt: (movement) => movement.createdAt,
  fileName: (movement) => movement.fileName,
  description: (movement) => movement.description ?? '',
  rows: (movement) => movement.rows,
  createdBy: (movement) => movement.createdBy.name,
};

function movementColumns(
  onDelete: (movement: TStockMovement) => void,
): Array<Column<TStockMovement, MovementSort>> {
  return [
    { key: 'fileName', header: 'Arquivo', sort: 'fileName', cell: (movement) => movement.fileName },
    {
      key: 'description',
      header: 'Descrição',
      sort: 'description',
      cell: (movement) => movement.description ?? '—',
    },
    { key: 'rows', header: 'Linhas', sort: 'rows', firstOrder: 'desc', align: 'right', cell: (m) => m.rows },
    { key: 'entries', header: 'Entradas', align: 'right', cell: (movement) => movement.entries },
    { key: 'exits', header: 'Saídas', align: 'right', cell: (movement) => movement.exits },
    {
      key: 'createdBy',
      header: 'Importada por',
      sort: 'createdBy',
      cell: (movement) => movement.createdBy.name,
    },
    {
      key: 'createdAt',
      header: 'Em',
      sort: 'createdAt',
      firstOrder: 'desc',
      className: 'whitespace-nowrap',
      cell: (movement) => formatDateTime(movement.createdAt),
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (movement) => (
        <>
          <a
            className="btn btn-ghost btn-sm"
            href={movementUrls.original(movement.id)}
            download
            aria-label={`Baixar ${movement.fileName}`}
          >
            <Icon name="download" className="h-4 w-4" />
          </a>
          <DeleteButton label={`Excluir ${movement.fileName}`} onClick={() => onDelete(movement)} />
        </>
      ),
    },
  ];
}

/** Movimentação: the month's imported sheets, upload with preview, import, undo and the PDF report. No success toasts (seed §8). */
export default function MovementsPage() {
  usePageTitle('Movimentação');
  const dispatch = useAppDispatch();
  const today = useBusinessToday();
  const list = useListParams<MovementSort>({ sort: 'createdAt', order: 'desc', sorts: MOVEMENT_SORTS });
  // the month shown lives in the URL too; without one, the business's current month
  const currentYear = Number(today.slice(0, 4));
  const urlYear = Number(list.get('year'));
  const urlMonth = Number(list.get('month'));
  const year = Number.isInteger(urlYear) && urlYear >= 2000 && urlYear <= 2100 ? urlYear : currentYear;
  const month =
    Number.isInteger(urlMonth) && urlMonth >= 1 && urlMonth <= 12 ? urlMonth : Number(today.slice(5, 7));
  const years = Array.from({ length: 6 }, (_, i) => currentYear - 4 + i);
  if (!years.includes(year)) years.unshift(year);
  const [description, setDescription] = useState('');
  // the File stays in component state: Redux holds only serialisable data (the parsed content)
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { stockMovementContent: content, uploadProgress } = useAppSelector((state) => state.stockMovement);
  const { data: movements } = useStockMovementQuery({ year, month });
  const [importSheet, { isLoading: importing }] = useAddStockMovementMutation();

  const choose = async (picked: File | undefined) => {
    if (!picked) return;
    setFile(picked);
    await dispatch(uploadSheetForPreview(picked, year, month));
  };
  const clear = () => {
    dispatch(clearStockMovementContent());
    setFile(null);
    setDescription('');
    if (input.current) input.current.value = '';
  };
  const changePeriod = (nextYear: number, nextMonth: number) => {
    list.update({ year: nextYear, month: nextMonth });
    if (file && content) void dispatch(uploadSheetForPreview(file, nextYear, nextMonth));
  };
  const runImport = async () => {
    if (!file) return;
    const result = await importSheet({ sheet: file, year, month, description });
    if ('error' in result) {
      // 422: the server found row errors; show them in the preview
      const data = (result.error as { data?: TErrorResponse & Partial<TSheetPreview> }).data;
      if (content && data?.rows) {
        const withErrors = new Map(data.rows.map((row) => [row.line, row]));
        dispatch(
          setStockMovementContent({
            ...content,
            rows: content.rows.map((row) => withErrors.get(row.line) ?? row),
            summary: data.summary ?? content.summary,
          }),
        );
      }
      return;
    }
    clear();
  };

  const hasErrors = Boolean(content && (content.summary.invalid > 0 || content.duplicateOf));
  const columns = movementColumns((movement) =>
    dispatch(
      openModal(
        'MOVEMENT_DELETE',
        { stockMovementId: movement.id, fileName: movement.fileName },
        { title: 'Excluir importação' },
      ),
    ),
  );
  return (
    <div className="flex flex-col gap-6">
      <TitleCard
        title="Movimentação mensal"
        actions={
          <>
            <select
              className="select select-sm w-auto"
              aria-label="Mês"
              value={month}
              onChange={(e) => changePeriod(year, Number(e.target.value))}
            >
              {MONTH_NAMES.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </select>
            <select
              className="select select-sm w-auto"
              aria-label="Ano"
              value={year}
              onChange={(e) => changePeriod(Number(e.target.value), month)}
            >
              {years.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
            <a className="btn btn-sm" href={movementUrls.template()} download>
              <Icon name="download" className="h-4 w-4" />
              Baixar modelo
            </a>
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => window.open(movementUrls.report(year, month), '_blank', 'noopener')}
            >
              Relatório PDF
            </button>
            <ExportMenu path="/stock/movement/v1" params={{ year, month }} />
          </>
        }
      >
        <MonthClosingPanel year={year} month={month} />
        <h3 className="mb-2 font-semibold">
          Planilhas importadas em {MONTH_NAMES[month - 1]} de {year}
        </h3>
        {movements && movements.data.length === 0 ? (
          <EmptyState>Nenhuma planilha importada neste mês.</EmptyState>
        ) : null}
        {movements && movements.data.length > 0 ? (
          <DataTable
            label={`Planilhas importadas em ${MONTH_NAMES[month - 1]} de ${year}`}
            testId="movements-table"
            columns={columns}
            rows={sortRows(movements.data, list.order, SORT_VALUE[list.sort])}
            rowKey={(movement) => movement.id}
            sort={list.sort}
            order={list.order}
            onSort={list.toggleSort}
            zebra={false}
          />
        ) : null}
      </TitleCard>

      <TitleCard
        title="Importar planilha"
        actions={
          content ? (
            <>
              <button type="button" className="btn btn-sm btn-ghost" onClick={clear}>
                Limpar
              </button>
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={hasErrors || importing || !file}
                onClick={() => void runImport()}
              >
                {importing ? <span className="loading loading-spinner loading-sm" /> : null}
                Importar
              </button>
            </>
          ) : null
        }
      >
        <div className="flex flex-wrap items-end gap-4">
          <label className="fieldset">
            <span className="fieldset-legend">Arquivo (.xlsx ou .csv, até 10 MB)</span>
            <input
              ref={input}
              type="file"
              className="file-input file-input-sm"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              aria-label="Planilha de movimentação"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          </label>
          <label className="fieldset grow">
            <span className="fieldset-legend">Descrição (opcional)</span>
            <input
              className="input input-sm w-full"
              value={description}
              maxLength={2000}
              onChange={(e) => setDescription(e.target.value)}
              placeholder="Ex.: vendas da loja centro"
            />
          </label>
        </div>
        {uploadProgress !== null ? (
          <div className="mt-4">
            <progress
              className="progress progress-primary w-full"
              value={uploadProgress}
              max={100}
              aria-label="Envio da planilha"
              data-testid="upload-progress"
            />
            <p className="text-sm">
              {uploadProgress < 100 ? `Enviando… ${uploadProgress}%` : 'Conferindo as linhas…'}
            </p>
          </div>
        ) : null}
        {content ? (
          <SheetPreview content={content} />
        ) : (
          <p className="text-base-content/70 mt-4 text-sm">
            Escolha o mês, envie a planilha e confira a prévia: nada é gravado antes de você clicar em
            Importar.
          </p>
        )}
      </TitleCard>
    </div>
  );
}
