import { useState, type RefObject } from 'react';
import type { TErrorResponse } from '@armazem/contracts/common';
import type { TSheetPreview } from '@armazem/contracts/movements';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { clearStockMovementContent, setStockMovementContent } from './movement-content-slice.ts';
import { useAddStockMovementMutation } from './movements-api.ts';
import { uploadSheetForPreview } from './upload-sheet.ts';

/**
 * The sheet being imported into a month: pick a file (it is sent for a preview at once), describe it, import it or
 * clear it. The File stays in component state: Redux holds only serialisable data (the parsed preview).
 * `fileInputRef` is the page's file field, emptied when the sheet is cleared (the React lint wants the ref created
 * where the field is rendered, not handed out inside this hook's result).
 */
export function useSheetImport(
  year: number,
  month: number,
  fileInputRef: RefObject<HTMLInputElement | null>,
) {
  const dispatch = useAppDispatch();
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const { stockMovementContent: content, uploadProgress } = useAppSelector((state) => state.stockMovement);
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
    if (fileInputRef.current) fileInputRef.current.value = '';
  };
  /** Another month was chosen: the sheet on screen is checked again against it. */
  const recheck = (nextYear: number, nextMonth: number) => {
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
            monthNotice: data.monthNotice ?? content.monthNotice,
          }),
        );
      }
      return;
    }
    clear();
  };

  const hasErrors = Boolean(content && (content.summary.invalid > 0 || content.duplicateOf));
  return {
    file,
    description,
    setDescription,
    content,
    uploadProgress,
    importing,
    hasErrors,
    choose,
    clear,
    recheck,
    runImport,
  };
}

export type SheetImport = ReturnType<typeof useSheetImport>;
