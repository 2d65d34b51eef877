import { z } from 'zod/mini';
import { ZExportFormat } from './exports.ts';
import {
  LIMITS,
  ZCodeRef,
  ZDate,
  ZId,
  ZPageQuery,
  ZRef,
  zChoice,
  zOptionalText,
  zSort,
  orRequired,
  dateRangeInOrder,
} from './common.ts';
import { ZDecimalString, ZMoneyInput, ZQuantityInput } from './numbers.ts';

export const STOCK_REASONS = ['venda', 'consumo', 'perda', 'devolucao', 'ajuste'] as const;
export const ZStockReason = z.enum(STOCK_REASONS, {
  error: orRequired('Motivo inválido: use venda, consumo, perda, devolucao ou ajuste.'),
});
export type TStockReason = z.infer<typeof ZStockReason>;
export const STOCK_REASON_LABELS: Record<TStockReason, string> = {
  venda: 'Venda',
  consumo: 'Consumo interno',
  perda: 'Perda',
  devolucao: 'Devolução ao fornecedor',
  ajuste: 'Ajuste de inventário',
};

const movementFields = {
  productId: zChoice('Selecione o produto.'),
  productUnityId: zChoice('Selecione a unidade.'),
  quantity: ZQuantityInput,
  // left out or null: today
  occurredOn: z.optional(z.nullable(ZDate)),
  document: z.optional(zOptionalText(LIMITS.document)),
  notes: z.optional(zOptionalText(LIMITS.notes)),
  // left out or null: the user's default location, else the first establishment's (DESIGN.md §6.3)
  locationId: z.optional(z.nullable(zChoice('Selecione o depósito.'))),
};

export const ZNewStockIn = z.strictObject({
  ...movementFields,
  unitCost: ZMoneyInput,
  supplierId: z.optional(z.nullable(zChoice('Selecione o fornecedor.'))),
});
export type TNewStockIn = z.input<typeof ZNewStockIn>;

export const ZNewStockOut = z.strictObject({ ...movementFields, reason: ZStockReason });
export type TNewStockOut = z.input<typeof ZNewStockOut>;

/** Where a ledger row came from; every source posts through the one pipeline. */
export const LEDGER_SOURCES = ['manual', 'sheet', 'nfe', 'count', 'transfer'] as const;
export const ZLedgerSource = z.enum(LEDGER_SOURCES);
export type TLedgerSource = z.infer<typeof ZLedgerSource>;

export const LEDGER_SOURCE_LABELS: Record<TLedgerSource, string> = {
  manual: 'Manual',
  sheet: 'Planilha',
  nfe: 'NF-e',
  count: 'Balanço',
  transfer: 'Transferência',
};

/**
 * How a ledger row is named, on screen and in files alike: "Saída (Venda) · Manual". The screen passes its own `dot`
 * (a no-break space before it, so a wrapped line ends with the dot) and `sources` (NF-e with a no-break hyphen).
 */
export function movementLabel(
  row: { direction: 'in' | 'out'; reason: TStockReason | null; source: TLedgerSource },
  dot = ' · ',
  sources: Record<TLedgerSource, string> = LEDGER_SOURCE_LABELS,
): string {
  const kind = row.direction === 'in' ? 'Entrada' : 'Saída';
  const reason = row.reason ? ` (${STOCK_REASON_LABELS[row.reason]})` : '';
  return `${kind}${reason}${dot}${sources[row.source]}`;
}

export const LEDGER_STATUSES = ['active', 'cancelled', 'all'] as const;

export const ZLedgerEntry = z.object({
  id: z.number(),
  direction: z.enum(['in', 'out']),
  occurredOn: z.string(),
  product: z.object({ id: z.number(), sku: z.string(), name: z.string() }),
  productUnity: z.object({ id: z.number(), label: z.string() }),
  quantity: ZDecimalString,
  baseQuantity: ZDecimalString,
  baseUnity: z.string(),
  unitCost: ZDecimalString,
  totalCost: ZDecimalString,
  supplier: z.nullable(ZRef),
  reason: z.nullable(ZStockReason),
  document: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  stockMovementId: z.nullable(z.number()),
  source: ZLedgerSource,
  createdBy: ZRef,
  createdAt: z.string(),
  cancelledAt: z.nullable(z.string()),
  cancelledBy: z.nullable(ZRef),
  cancelReason: z.nullable(z.string()),
  /** where the row moved stock */
  location: ZRef,
  /** the transfer this row is one side of */
  transferId: z.nullable(z.number()),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

export const LEDGER_SORTS = [
  'occurredOn',
  'product',
  'quantity',
  'totalCost',
  'supplier',
  'createdAt',
] as const;
export const ZLedgerQuery = z
  .extend(ZPageQuery, {
    sort: zSort(LEDGER_SORTS, 'occurredOn'),
    // newest first unless asked otherwise
    order: z._default(z.enum(['asc', 'desc'], { error: orRequired('Ordem inválida.') }), 'desc'),
    from: z.optional(ZDate),
    to: z.optional(ZDate),
    productId: z.optional(ZId),
    supplierId: z.optional(ZId),
    establishmentId: z.optional(ZId),
    locationId: z.optional(ZId),
    status: z._default(
      z.enum(LEDGER_STATUSES, { error: orRequired('Situação inválida: use active, cancelled ou all.') }),
      'active',
    ),
    format: ZExportFormat,
  })
  .check(dateRangeInOrder());
export type TLedgerQuery = z.input<typeof ZLedgerQuery>;

export const ZStockRow = z.object({
  product: z.object({ id: z.number(), sku: z.string(), name: z.string() }),
  category: ZRef,
  unity: ZCodeRef,
  status: z.enum(['active', 'inactive']),
  /** own goods, with us */
  quantity: ZDecimalString,
  /** ours, with third parties (consignment, repair, industrialisation…) */
  sentQuantity: ZDecimalString,
  /** third parties' goods with us: never ours, never in our value */
  heldQuantity: ZDecimalString,
  minStock: ZDecimalString,
  averageCost: ZDecimalString,
  totalValue: ZDecimalString,
  belowMinimum: z.boolean(),
  lastMovementAt: z.nullable(z.string()),
  /** the date of the product's last live movement (up to the list's date): what a person calls its last movement */
  lastMovementOn: z.nullable(z.string()),
  /** own quantity per location of the list's scope (the row's quantity is their total) */
  locations: z.array(
    z.object({ id: z.number(), name: z.string(), establishmentId: z.number(), quantity: ZDecimalString }),
  ),
});
export type TStockRow = z.infer<typeof ZStockRow>;

export const STOCK_SORTS = [
  'name',
  'sku',
  'category',
  'quantity',
  'totalValue',
  'lastMovementAt',
  'lastMovementOn',
] as const;
export const ZStockQuery = z.extend(ZPageQuery, {
  sort: zSort(STOCK_SORTS, 'name'),
  categoryId: z.optional(ZId),
  /** Balances as they stood at the end of this date; absent means now. */
  date: z.optional(ZDate),
  /** one establishment's stock, or one location's; absent: the whole business */
  establishmentId: z.optional(ZId),
  locationId: z.optional(ZId),
  belowMinimum: z.optional(
    z.pipe(
      z.enum(['true', 'false'], { error: orRequired('Use sim (true) ou não (false).') }),
      z.transform((value) => value === 'true'),
    ),
  ),
  format: ZExportFormat,
});
export type TStockQuery = {
  page?: number;
  pageSize?: number;
  q?: string;
  sort?: (typeof STOCK_SORTS)[number];
  order?: 'asc' | 'desc';
  categoryId?: number;
  date?: string;
  belowMinimum?: 'true' | 'false';
  format?: 'xlsx' | 'csv';
  establishmentId?: number;
  locationId?: number;
};

export const ZStockTotals = z.object({
  products: z.number(),
  totalValue: ZDecimalString,
  belowMinimum: z.number(),
});

export const ZStockPage = z.object({
  data: z.array(ZStockRow),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalPages: z.number(),
  totals: ZStockTotals,
});
export type TStockPage = z.infer<typeof ZStockPage>;

export const ZStockSummary = z.object({
  activeProducts: z.number(),
  stockValue: ZDecimalString,
  belowMinimum: z.number(),
  latestMovements: z.array(ZLedgerEntry),
});
export type TStockSummary = z.infer<typeof ZStockSummary>;

export const ZBelowMinimumList = z.array(ZStockRow);

/** A transfer between two locations (DESIGN.md §6.3): one exit at the origin, one entry at the destination. */
export const ZNewTransfer = z.strictObject({
  productId: zChoice('Selecione o produto.'),
  productUnityId: zChoice('Selecione a unidade.'),
  quantity: ZQuantityInput,
  fromLocationId: zChoice('Selecione o depósito de origem.'),
  toLocationId: zChoice('Selecione o depósito de destino.'),
  occurredOn: z.optional(z.nullable(ZDate)),
  document: z.optional(zOptionalText(LIMITS.document)),
  notes: z.optional(zOptionalText(LIMITS.notes)),
});
export type TNewTransfer = z.input<typeof ZNewTransfer>;

/** Both rows of a transfer: `out` leaves the origin, `in` enters the destination. */
export const ZTransfer = z.object({ id: z.number(), out: ZLedgerEntry, in: ZLedgerEntry });
export type TTransfer = z.infer<typeof ZTransfer>;
