import type { RefObject } from 'react';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import type { SheetImport } from '../use-sheet-import.ts';
import { SheetPreview } from './sheet-preview.tsx';

function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="mt-4">
      <progress
        className="progress progress-primary w-full"
        value={percent}
        max={100}
        aria-label="Envio da planilha"
        data-testid="upload-progress"
      />
      <p className="text-sm">{percent < 100 ? `Enviando… ${percent}%` : 'Conferindo as linhas…'}</p>
    </div>
  );
}

function ImportActions({ sheet, closed }: { sheet: SheetImport; closed: boolean }) {
  return (
    <>
      <button type="button" className="btn btn-sm btn-ghost" onClick={sheet.clear}>
        Limpar
      </button>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={closed || sheet.hasErrors || sheet.importing || !sheet.file}
        onClick={() => void sheet.runImport()}
      >
        {sheet.importing ? <span className="loading loading-spinner loading-sm" /> : null}
        Importar
      </button>
    </>
  );
}

/**
 * Importar planilha: the file and its description, the upload's progress, then the preview to confirm. In a closed
 * month (`closedMonth`, as 10/2026) the file cannot be chosen nor imported, and the card says why.
 */
export function SheetImportCard({
  sheet,
  fileInputRef,
  closedMonth,
}: {
  sheet: SheetImport;
  fileInputRef: RefObject<HTMLInputElement | null>;
  closedMonth: string | null;
}) {
  const { content, uploadProgress } = sheet;
  const closed = closedMonth !== null;
  return (
    <TitleCard
      title="Importar planilha"
      actions={content ? <ImportActions sheet={sheet} closed={closed} /> : null}
    >
      {closed ? (
        <p id="sheet-month-closed" className="mb-2 text-sm opacity-80" data-testid="closed-month-import">
          O mês {closedMonth} está fechado para movimentações. Para importar uma planilha nele, reabra o mês.
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-4">
        <label className="fieldset">
          {/* the visible label is the field's name for assistive technology too */}
          <span className="fieldset-legend">Planilha de movimentação (.xlsx ou .csv, até 10 MB)</span>
          <input
            ref={fileInputRef}
            type="file"
            className="file-input file-input-sm"
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            disabled={closed}
            aria-describedby={closed ? 'sheet-month-closed' : undefined}
            onChange={(event) => void sheet.choose(event.target.files?.[0])}
          />
        </label>
        <label className="fieldset grow">
          <span className="fieldset-legend">Descrição (opcional)</span>
          <input
            className="input input-sm w-full"
            value={sheet.description}
            disabled={closed}
            maxLength={2000}
            onChange={(e) => sheet.setDescription(e.target.value)}
            placeholder="Ex.: vendas da loja centro"
          />
        </label>
      </div>
      {uploadProgress !== null ? <UploadProgress percent={uploadProgress} /> : null}
      {content ? (
        <SheetPreview content={content} />
      ) : closed ? null : (
        <p className="text-base-content/70 mt-4 text-sm">
          Escolha o mês, envie a planilha e confira a prévia: nada é gravado antes de você clicar em Importar.
        </p>
      )}
    </TitleCard>
  );
}
