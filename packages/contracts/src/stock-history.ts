import { z } from 'zod/mini';
import { ZCodeRef, ZDate, ZId, ZRef, dateRangeInOrder, orRequired, readableText, zInt } from './common.ts';
import { ZDecimalString } from './numbers.ts';
import { ZLedgerSource, ZStockReason } from './stock.ts';

/** A reason kept forever beside what it explains (an estorno, a reopened month): 3 to 200 characters. */
const reasonOf = (what: 'do cancelamento' | 'da reabertura') =>
  z.string({ error: orRequired(`Informe o motivo ${what}.`) }).check(
    z.trim(),
    // an empty reason asks for one; a too-short one says how long it must be
    z.minLength(1, { error: `Informe o motivo ${what}.`, abort: true }),
    z.minLength(3, { error: 'O motivo deve ter pelo menos 3 caracteres.' }),
    z.maxLength(200, { error: 'O motivo deve ter no máximo 200 caracteres.' }),
    readableText(`Informe o motivo ${what}.`),
  );

/** Estorno of one manual entry or exit: the reason is kept on the row forever. */
export const ZCancelEntry = z.strictObject({ reason: reasonOf('do cancelamento') });
export type TCancelEntry = z.input<typeof ZCancelEntry>;

export const KARDEX_FORMATS = ['json', 'xlsx', 'pdf'] as const;
export const ZKardexQuery = z
  .object({
    from: z.optional(ZDate),
    to: z.optional(ZDate),
    /** the establishment whose running figures the kardex shows (default: the first), or one location's */
    establishmentId: z.optional(ZId),
    locationId: z.optional(ZId),
    format: z._default(
      z.enum(KARDEX_FORMATS, { error: orRequired('Formato inválido: use json, xlsx ou pdf.') }),
      'json',
    ),
  })
  .check(dateRangeInOrder());
export type TKardexQuery = z.input<typeof ZKardexQuery>;

export const ZStockPosition = z.object({
  quantity: ZDecimalString,
  averageCost: ZDecimalString,
  totalValue: ZDecimalString,
});
export type TStockPosition = z.infer<typeof ZStockPosition>;

export const ZKardexRow = z.object({
  id: z.number(),
  occurredOn: z.string(),
  direction: z.enum(['in', 'out']),
  source: ZLedgerSource,
  reason: z.nullable(ZStockReason),
  document: z.nullable(z.string()),
  supplier: z.nullable(ZRef),
  /** base units */
  quantity: ZDecimalString,
  /** per base unit */
  unitCost: ZDecimalString,
  totalCost: ZDecimalString,
  balanceQuantity: ZDecimalString,
  averageCost: ZDecimalString,
  balanceValue: ZDecimalString,
  createdBy: ZRef,
  createdAt: z.string(),
});
export type TKardexRow = z.infer<typeof ZKardexRow>;

export const ZKardex = z.object({
  product: z.object({ id: z.number(), sku: z.string(), name: z.string() }),
  unity: ZCodeRef,
  from: z.string(),
  to: z.string(),
  opening: ZStockPosition,
  data: z.array(ZKardexRow),
  closing: ZStockPosition,
  /** whose figures: an establishment's, and the location when the kardex is one location's */
  establishment: ZRef,
  location: z.nullable(ZRef),
});
export type TKardex = z.infer<typeof ZKardex>;

export const ZIntegrityReport = z.object({
  ok: z.boolean(),
  products: z.number(),
  mismatches: z.array(
    z.object({ productId: z.number(), field: z.string(), stored: z.string(), replayed: z.string() }),
  ),
});
export type TIntegrityReport = z.infer<typeof ZIntegrityReport>;

const ZYear = zInt('Ano inválido.', 2000, 2100);
const ZMonth = zInt('Mês inválido: use de 1 a 12.', 1, 12);

export const ZCloseMonth = z.strictObject({ year: ZYear, month: ZMonth });
export type TCloseMonth = z.input<typeof ZCloseMonth>;

/** The reason of a reopening, alone (the reopen form asks only for it). */
export const ZReopenReason = z.strictObject({ reason: reasonOf('da reabertura') });
export const ZReopenMonth = z.strictObject({
  year: ZYear,
  month: ZMonth,
  reason: ZReopenReason.shape.reason,
});
export type TReopenMonth = z.input<typeof ZReopenMonth>;

/** Whether a month ("YYYY-MM") is closed: it is not after the closed period's last month. */
export const isMonthClosed = (target: string, closedThrough: string | null) =>
  closedThrough !== null && target <= closedThrough;

/**
 * How one month ("YYYY-MM") stands after the closings history (newest first, as the API lists it): the action that
 * closed it, while it still is closed, and its latest reopening. The one reading of the report's header and of the
 * Movimentação screen. Each action is read against the period it leaves: a close ends the closed period at its month
 * (closing a month closes every earlier one), a reopen the month before it (reopening one opens every later one), so
 * closing a later month does not count as closing this one again.
 */
export function monthClosingOf<T extends { action: 'close' | 'reopen'; year: number; month: number }>(
  newestFirst: readonly T[],
  target: string,
): { closed: T | null; reopened: T | null } {
  let closed: T | null = null;
  let reopened: T | null = null;
  let covered = false;
  for (const row of [...newestFirst].reverse()) {
    const month = `${row.year}-${String(row.month).padStart(2, '0')}`;
    const covers = row.action === 'close' ? month >= target : month > target;
    if (!covered && covers) closed = row;
    if (covered && !covers) reopened = row;
    covered = covers;
  }
  return { closed: covered ? closed : null, reopened };
}

/** "YYYY-MM" of the last closed month, or null when every month is open. */
export const ZClosedThrough = z.object({ closedThrough: z.nullable(z.string()) });

export const ZClosings = z.object({
  closedThrough: z.nullable(z.string()),
  data: z.array(
    z.object({
      year: z.number(),
      month: z.number(),
      action: z.enum(['close', 'reopen']),
      reason: z.nullable(z.string()),
      by: ZRef,
      at: z.string(),
    }),
  ),
});
export type TClosings = z.infer<typeof ZClosings>;
