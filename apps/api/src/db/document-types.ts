import type { ColumnType, Generated } from 'kysely';
import type { BigIntColumn, Timestamp } from './column-types.ts';

// Tables of the second release's documents and maintained figures: NF-e receipts, inventory counts, list figures.

export interface NfeReceiptTable {
  id: Generated<number>;
  access_key: string;
  number: string;
  series: string;
  issued_at: Timestamp;
  supplier_id: number;
  file_name: string;
  xml: Uint8Array;
  items: number;
  total_cost: BigIntColumn;
  invoice_total: BigIntColumn;
  occurred_on: string;
  created_by: number;
  created_at: Timestamp;
  undone_at: Timestamp | null;
  undone_by: number | null;
  /** JSON: the items that move no stock (effect `none`), as the preview showed them: [{ item, description, cfop, effect }] */
  other_items: ColumnType<string | null, string | null | undefined, string | null>;
  /** the document batch that posted it (migration 026); null for a note imported alone */
  batch_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** An upload of many documents (DESIGN.md §6.4, migration 026). */
export interface DocumentBatchTable {
  id: Generated<number>;
  file_name: string;
  documents: number;
  posted: number;
  skipped: number;
  cancelled: number;
  occurred_on_rule: 'issue' | 'today';
  report: string;
  created_by: number;
  created_at: Timestamp;
  undone_at: Timestamp | null;
  undone_by: number | null;
}

/** A code of the business's own notes that is not a SKU, and the product it stands for (migration 026). */
export interface OwnItemCodeTable {
  code: string;
  unit: string;
  product_id: number;
  product_unity_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A cancellation SEFAZ registered for a note (migration 026). */
export interface NfeCancellationTable {
  access_key: string;
  event_type: string;
  protocol: string | null;
  registered_at: Timestamp;
  batch_id: number | null;
  receipt_id: number | null;
  created_at: Timestamp;
}

export interface NfeReceiptItemTable {
  id: Generated<number>;
  receipt_id: number;
  item: number;
  supplier_code: string;
  gtin: string | null;
  description: string;
  unit: string;
  quantity: BigIntColumn;
  product_id: number;
  product_unity_id: number;
  total_cost: BigIntColumn;
  /** JSON: [{ number, quantity, manufacturedOn, expiresOn }] as declared in the invoice's rastro groups */
  lots: string;
  /** the item's effect on the stock (DESIGN.md §6.2); rows imported before it are purchases */
  effect: ColumnType<string, string | undefined, string>;
  /** JSON: { cfop, cst: { icms, pis, cofins }, credits: { icms, pis, cofins, ipi } } (credits at R$ 0,0001) */
  fiscal: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SupplierItemCodeTable {
  id: Generated<number>;
  supplier_id: number;
  supplier_code: string;
  supplier_unit: string;
  product_id: number;
  product_unity_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Maintained by database triggers (migration 013): per category, status and below-minimum flag. */
export interface StockFiguresTable {
  category_id: number;
  status: 'active' | 'inactive';
  below: number;
  products: BigIntColumn;
  balances: BigIntColumn;
  total_value: BigIntColumn;
}

/** A place's stock value at a past month end, per category (0: the total), kept by the reports (migration 030). */
export interface ReportMonthValueTable {
  scope_key: string;
  month_end: string;
  category_id: number;
  total_value: BigIntColumn;
}

/** The stock list's totals at a past date, per category (0: the date is kept) and below flag (migration 032). */
export interface StockDateTotalsTable {
  as_of: string;
  category_id: number;
  below: number;
  products: number;
  total_value: BigIntColumn;
}

/** An inventory count (balanço), migration 012. */
export interface InventoryCountTable {
  id: Generated<number>;
  counted_on: string;
  description: string | null;
  /** the description folded (lower-case, no accents), what the list's search reads */
  search_text: ColumnType<string, string | undefined, string>;
  category_id: number | null;
  status: 'open' | 'posted' | 'discarded';
  created_by: number;
  created_at: Timestamp;
  posted_by: number | null;
  posted_at: Timestamp | null;
  undone_by: number | null;
  undone_at: Timestamp | null;
  /** 1: operators do not see the expected figures (migration 018) */
  blind: ColumnType<number, number | undefined, number>;
  /** the location counted (migration 025) */
  location_id: number;
  /** the products in its scope when it was posted (migration 027); null before, or not posted */
  products_in_scope: number | null;
}

/** One person's part of a counted line (migration 018): the parts of a line add up to its counted quantity. */
export interface CountItemPartTable {
  count_id: number;
  product_id: number;
  user_id: number;
  quantity: BigIntColumn;
  updated_at: Timestamp;
}

/** One counted product of a count: the last write wins, with who wrote it and when. */
export interface InventoryCountItemTable {
  count_id: number;
  product_id: number;
  counted_quantity: BigIntColumn;
  counted_by: number;
  counted_at: Timestamp;
  /** what the posting found and valued it at (null until posted) */
  expected_quantity: ColumnType<string | number | bigint | null, string | null | undefined, string | null>;
  unit_cost: ColumnType<string | number | bigint | null, string | null | undefined, string | null>;
}
