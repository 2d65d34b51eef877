import { z } from 'zod/mini';
import { LIMITS, ZId, ZRef, zInt, zText } from './common.ts';
import { ZExportFormat } from './exports.ts';

export const ZMonthQuery = z.object({
  year: zInt('Ano inválido: use de 2000 a 2100.', 2000, 2100),
  month: zInt('Mês inválido: use de 1 a 12.', 1, 12),
});
export type TMonthQuery = z.infer<typeof ZMonthQuery>;
/** The month's report: of the first establishment (default), of another, or of one location (DESIGN.md §6.3). */
export const ZMonthReportQuery = z.extend(ZMonthQuery, {
  establishmentId: z.optional(ZId),
  locationId: z.optional(ZId),
});
/** The month's list of imported sheets, as JSON or as a file. */
export const ZMonthListQuery = z.extend(ZMonthQuery, { format: ZExportFormat });

export const ZMovementData = z.strictObject({
  description: z.optional(z.nullable(zText(LIMITS.description))),
});

export const ZSheetRowError = z.object({ column: z.string(), message: z.string() });
export const ZSheetRow = z.object({
  line: z.number(),
  occurredOn: z.nullable(z.string()),
  sku: z.nullable(z.string()),
  product: z.nullable(z.string()),
  type: z.nullable(z.enum(['Entrada', 'Saída'])),
  quantity: z.nullable(z.string()),
  unity: z.nullable(z.string()),
  unitCost: z.nullable(z.string()),
  supplier: z.nullable(z.string()),
  document: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  errors: z.array(ZSheetRowError),
});
export type TSheetRow = z.infer<typeof ZSheetRow>;

export const ZSheetSummary = z.object({
  rows: z.number(),
  valid: z.number(),
  invalid: z.number(),
  entries: z.number(),
  exits: z.number(),
});

export const ZSheetPreview = z.object({
  fileName: z.string(),
  rows: z.array(ZSheetRow),
  summary: ZSheetSummary,
  /** rows dated outside the chosen month, said once: which month they are in and which was chosen */
  monthNotice: z.nullable(z.string()),
  /** the standing import of this same file (same bytes) for that month: importing it again is refused */
  duplicateOf: z.nullable(z.object({ id: z.number(), fileName: z.string(), createdAt: z.string() })),
});
export type TSheetPreview = z.infer<typeof ZSheetPreview>;

export const ZStockMovement = z.object({
  id: z.number(),
  year: z.number(),
  month: z.number(),
  fileName: z.string(),
  description: z.nullable(z.string()),
  rows: z.number(),
  entries: z.number(),
  exits: z.number(),
  createdBy: ZRef,
  createdAt: z.string(),
});
export type TStockMovement = z.infer<typeof ZStockMovement>;

export const ZStockMovementList = z.object({ data: z.array(ZStockMovement) });
export const ZStockMovementParams = z.object({ stockMovementId: ZId });

export const MONTH_NAMES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
] as const;
