import { z } from 'zod/mini';
import { orRequired } from './common.ts';

/**
 * Every paged list also answers as a file of every matching row (DESIGN §3, "Calls of the second release"):
 * `format=xlsx` or `format=csv`, with the same filters. Add `format: ZExportFormat` to a list's query schema.
 */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

export const ZExportFormat = z.optional(
  z.enum(EXPORT_FORMATS, { error: orRequired('Formato inválido: use xlsx ou csv.') }),
);

/** The most rows one export file holds. */
export const EXPORT_MAX_ROWS = 100_000;
