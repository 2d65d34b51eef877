import { readSheetInWorker } from './sheet-worker-pool.ts';

/** A sheet's columns: the key code reads, the label people see, and the header names that mean it. */
export type SheetColumns = Readonly<
  Record<string, { label: string; required: boolean; aliases: readonly string[] }>
>;

export type CellValue = string | number | Date;
export interface RawRow<K extends string = string> {
  line: number;
  values: Partial<Record<K, CellValue>>;
}
export interface RawSheet<K extends string = string> {
  kind: 'xlsx' | 'csv';
  /** How numbers typed as text are written: a ';'-separated CSV comes from a Brazilian-locale program. */
  numberStyle: 'auto' | 'brazilian';
  columns: K[];
  rows: RawRow<K>[];
}

/**
 * Reads an uploaded sheet (.xlsx or CSV) with the given columns off the main thread, within a time and memory budget
 * (sheet-worker-pool.ts, sheet-parser.ts): the one reader of the monthly, catalog and count sheets.
 */
export function readSheetOf<C extends SheetColumns>(
  bytes: Uint8Array,
  columns: C,
): Promise<RawSheet<Extract<keyof C, string>>> {
  return readSheetInWorker(bytes, columns) as Promise<RawSheet<Extract<keyof C, string>>>;
}
