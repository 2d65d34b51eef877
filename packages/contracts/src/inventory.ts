import { z } from 'zod/mini';
import { ZDate, ZId, orRequired } from './common.ts';
import { ZDecimalString } from './numbers.ts';

/** The inventory at a date (Registro de Inventário, modelo 7) and the SPED EFD Bloco H file. */

/** Whose inventory: one establishment (default: the first, the matriz) or one location (DESIGN.md §6.3). */
const place = { establishmentId: z.optional(ZId), locationId: z.optional(ZId) };

/** MOT_INV of H005: 01 end of period … 06 ICMS-ST control. */
export const INVENTORY_REASONS = ['01', '02', '03', '04', '05', '06'] as const;
const ZReason = z.enum(INVENTORY_REASONS, {
  error: orRequired('Motivo do inventário inválido: use de 01 a 06.'),
});

/** With `reason` 02–06 the answer lists the items without an NF-e entry (their H020/H030 figures are zero). */
export const ZInventoryQuery = z.object({ date: z.optional(ZDate), ...place, reason: z.optional(ZReason) });

export const ZInventoryBookQuery = z.object({
  date: z.optional(ZDate),
  ...place,
  format: z._default(
    z.enum(['pdf', 'xlsx'], { error: orRequired('Formato inválido: use pdf ou xlsx.') }),
    'pdf',
  ),
});

export const INVENTORY_REASON_LABELS: Record<(typeof INVENTORY_REASONS)[number], string> = {
  '01': 'No final do período',
  '02': 'Na mudança de forma de tributação da mercadoria (ICMS)',
  '03': 'Na solicitação da baixa cadastral, paralisação temporária e outras situações',
  '04': 'Na alteração de regime de pagamento – condição do contribuinte',
  '05': 'Por determinação dos fiscos',
  '06': 'Para controle das mercadorias sujeitas ao regime de substituição tributária',
};

export const ZSpedQuery = z.object({
  date: z.optional(ZDate),
  ...place,
  reason: z._default(ZReason, '01'),
  /** block: block 0's records and block H (the default); efd: the complete EFD ICMS/IPI file (DESIGN.md §6.5) */
  layout: z._default(
    z.enum(['block', 'efd'], {
      error: orRequired('Leiaute inválido: use block (só o bloco H) ou efd (arquivo completo).'),
    }),
    'block',
  ),
  /** the complete file's month, YYYY-MM (default: the month of `date`) */
  period: z.optional(
    z
      .string()
      .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Período inválido: use AAAA-MM (ex.: 2026-02).' })),
  ),
});

const ZStockPosition = z.enum(['own', 'sent', 'held']);

export const ZInventoryRow = z.object({
  ncm: z.nullable(z.string()),
  product: z.object({ id: z.number(), sku: z.string(), name: z.string() }),
  unity: z.object({ code: z.string() }),
  quantity: ZDecimalString,
  unitCost: ZDecimalString,
  totalValue: ZDecimalString,
  /** own goods with us; ours with a third party; a third party's with us (DESIGN.md §6.2) */
  position: ZStockPosition,
  participant: z.nullable(z.object({ id: z.number(), document: z.string(), name: z.string() })),
});
export type TInventoryRow = z.infer<typeof ZInventoryRow>;

export const ZInventory = z.object({
  date: z.string(),
  establishment: z.object({ id: z.number(), name: z.string() }),
  location: z.nullable(z.object({ id: z.number(), name: z.string() })),
  data: z.array(ZInventoryRow),
  totalsByNcm: z.array(
    z.object({ position: ZStockPosition, ncm: z.nullable(z.string()), totalValue: ZDecimalString }),
  ),
  /** own and sent goods: ours */
  totalValue: ZDecimalString,
  /** the third parties' goods we hold, at their notes' value, never in ours */
  heldValue: ZDecimalString,
  warnings: z.array(z.string()),
  /** with a `reason` of 02–06: the items no NF-e entry values, whose H020/H030 figures are zero (for review) */
  withoutEntry: z.array(
    z.object({ product: z.object({ id: z.number(), sku: z.string(), name: z.string() }) }),
  ),
});
export type TInventory = z.infer<typeof ZInventory>;
