import { useEffect, useState } from 'react';
import type { TCountSheetMode, TCountSheetPreview } from '@armazem/contracts/counts';
import { featureMessages } from '../../../config/feature-messages.ts';
import { errorMessage } from '../../../lib/api.ts';
import { formatQuantity } from '../../../lib/format.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { usePreviewCountSheetMutation, useUploadCountSheetMutation } from '../counts-api.ts';

type RowError = { line: number; message: string };
const SHOWN = 50;
const text = featureMessages.counts;

/** Why the sheet was refused, with its first rows in error. */
function Problem({ problem }: { problem: { message: string; rows: RowError[] } }) {
  return (
    <div role="alert" className="alert alert-error">
      <p>{problem.message}</p>
      <ul>
        {problem.rows.slice(0, SHOWN).map((row) => (
          <li key={row.line}>
            Linha {row.line}: {row.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Replace or add: the choice is said before anything is sent, and the preview follows it. */
function ModeChoice({
  mode,
  onChange,
}: {
  mode: TCountSheetMode;
  onChange: (mode: TCountSheetMode) => void;
}) {
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-semibold">{text.sheetMode}</legend>
      {(['replace', 'add'] as const).map((value) => (
        <label key={value} className="label cursor-pointer justify-start gap-2">
          <input
            type="radio"
            className="radio radio-sm"
            name="count-sheet-mode"
            checked={mode === value}
            onChange={() => onChange(value)}
          />
          <span>{text.sheetModes[value]}</span>
        </label>
      ))}
      <p className="text-xs">{text.sheetModeNote[mode]}</p>
    </fieldset>
  );
}

function PreviewRows({ preview }: { preview: TCountSheetPreview }) {
  const rows = [...preview.rows].sort((a, b) => b.errors.length - a.errors.length).slice(0, SHOWN);
  return (
    <ul className="grid gap-1 text-sm" data-testid="count-sheet-preview-rows">
      {rows.map((row) => (
        <li key={row.line} className={row.errors.length > 0 ? 'text-error' : ''}>
          Linha {row.line}:{' '}
          {row.product
            ? `${row.product.name} — ${row.currentQuantity === null ? '—' : formatQuantity(row.currentQuantity)} → ${formatQuantity(row.newQuantity)} ${row.unity ?? ''}`
            : row.errors.join(' ')}
        </li>
      ))}
    </ul>
  );
}

/**
 * The filled count sheet: read first (a preview: each row and what it would do, nothing stored), in the mode
 * chosen (replace the counts, the default, or add to them); then sent in that mode, or refused whole with its rows.
 */
export function SheetUpload({ countId, file, onDone }: { countId: number; file: File; onDone: () => void }) {
  const [mode, setMode] = useState<TCountSheetMode>('replace');
  const [preview, setPreview] = useState<{ of: string; data: TCountSheetPreview } | null>(null);
  const [problem, setProblem] = useState<{ message: string; rows: RowError[] } | null>(null);
  const [read] = usePreviewCountSheetMutation();
  const [upload, { isLoading: sending }] = useUploadCountSheetMutation();
  const notify = useNotifySuccess();
  const key = `${file.name}:${file.size}:${mode}`;
  useEffect(() => {
    let current = true;
    void read({ id: countId, file, mode }).then((result) => {
      if (!current) return;
      if ('error' in result) setProblem({ message: errorMessage(result.error), rows: [] });
      else setPreview({ of: `${file.name}:${file.size}:${mode}`, data: result.data });
    });
    return () => {
      current = false;
    };
  }, [read, countId, file, mode]);
  const send = async () => {
    const result = await upload({ id: countId, file, mode });
    if ('error' in result) {
      const data = (result.error as { data?: { rows?: RowError[] } }).data;
      return setProblem({ message: errorMessage(result.error), rows: data?.rows ?? [] });
    }
    notify(text.sheetSaved);
    onDone();
  };
  const shown = preview?.of === key ? preview.data : null;
  return (
    <div className="border-base-300 rounded-box grid gap-2 border p-3" data-testid="count-sheet-preview">
      <p className="font-semibold break-words">{file.name}</p>
      <ModeChoice
        mode={mode}
        onChange={(next) => {
          setProblem(null);
          setMode(next);
        }}
      />
      {shown ? (
        <>
          <p role="status">
            {text.sheetPreview(
              shown.summary.rows.toLocaleString('pt-BR'),
              shown.summary.valid.toLocaleString('pt-BR'),
              shown.summary.invalid.toLocaleString('pt-BR'),
            )}
          </p>
          <PreviewRows preview={shown} />
          {shown.summary.invalid > 0 ? <p className="text-error">{text.sheetHasErrors}</p> : null}
        </>
      ) : null}
      {problem ? <Problem problem={problem} /> : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={!shown || shown.summary.invalid > 0 || sending}
          onClick={() => void send()}
        >
          {text.sheetConfirm[mode]}
        </button>
        <button type="button" className="btn btn-sm" onClick={onDone}>
          {text.cancel}
        </button>
      </div>
    </div>
  );
}
