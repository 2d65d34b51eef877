import type { ColumnType, Generated, Selectable } from 'kysely';
import type { BigIntColumn, Flag, Timestamp } from './column-types.ts';
import type {
  EstablishmentStockTable,
  EstablishmentTable,
  LocationBalanceTable,
  LocationTable,
  StockTransferTable,
} from './place-types.ts';
import type {
  CountItemPartTable,
  InventoryCountItemTable,
  InventoryCountTable,
  NfeReceiptItemTable,
  NfeReceiptTable,
  DocumentBatchTable,
  NfeCancellationTable,
  OwnItemCodeTable,
  StockFiguresTable,
  ReportMonthValueTable,
  StockDateTotalsTable,
  SupplierItemCodeTable,
} from './document-types.ts';

export type { BigIntColumn, Flag, Timestamp } from './column-types.ts';

export interface UserTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role: 'admin' | 'operator';
  status: 'pending' | 'active' | 'disabled';
  /** sortKey(name), kept by every write (docs/decisions/0012) */
  name_sort: string;
  /** where this user's movements and counts go unless they name another location (migration 024) */
  default_location_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  /** Set when the session was ended (logout elsewhere, password change, account disabled); then it never works again. */
  ended_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PasswordResetTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before_data: string | null;
  after_data: string | null;
  created_at: Timestamp;
}

/** A counter of the sign-in limits: hits in the window that started at window_started_at, and a lock. */
export interface AuthThrottleTable {
  key: string;
  hits: number;
  window_started_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface CategoryTable {
  id: Generated<number>;
  name: string;
  /** sortKey(name), kept by every write (docs/decisions/0012) */
  name_sort: string;
  status: ColumnType<Status, Status | undefined, Status>;
}

export interface UnityTable {
  id: Generated<number>;
  code: string;
  name: string;
  fractional: Flag;
  status: ColumnType<Status, Status | undefined, Status>;
  /** sortKey(name), unique (migration 010) */
  name_sort: string;
}

export interface UnityBatchTable {
  id: Generated<number>;
  code: string;
  name: string;
  status: ColumnType<Status, Status | undefined, Status>;
  /** sortKey(name), unique (migration 010) */
  name_sort: string;
}

export type Status = 'active' | 'inactive';

export interface ProductTable {
  id: Generated<number>;
  sku: string;
  name: string;
  description: string | null;
  category_id: number;
  base_unity_id: number;
  min_stock: BigIntColumn;
  barcode: string | null;
  /** fiscal fields (migration 009): NCM (8 digits), CEST (7 digits), EFD TIPO_ITEM ('00' mercadoria para revenda) */
  ncm: ColumnType<string | null, string | null | undefined, string | null>;
  cest: ColumnType<string | null, string | null | undefined, string | null>;
  item_type: ColumnType<string, string | undefined, string>;
  status: Status;
  search_text: string;
  /** sortKey(name), kept by every write (docs/decisions/0012) */
  name_sort: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductUnityTable {
  id: Generated<number>;
  product_id: number;
  unity_id: number;
  unity_batch_id: number;
  quantity: BigIntColumn;
  barcode: string | null;
  status: Status;
  is_default: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PriceTable {
  id: Generated<number>;
  product_id: number;
  product_unity_id: number | null;
  cost_price: BigIntColumn;
  sale_price: BigIntColumn;
  effective_from: string;
  created_by: number;
  created_at: Timestamp;
}

export interface SupplierTable {
  id: Generated<number>;
  name: string;
  trade_name: string | null;
  document: string;
  email: string | null;
  phone: string | null;
  /** IE or 'ISENTO', and the address (migration 009) */
  state_registration: ColumnType<string | null, string | null | undefined, string | null>;
  street: ColumnType<string | null, string | null | undefined, string | null>;
  street_number: ColumnType<string | null, string | null | undefined, string | null>;
  district: ColumnType<string | null, string | null | undefined, string | null>;
  city: ColumnType<string | null, string | null | undefined, string | null>;
  state: ColumnType<string | null, string | null | undefined, string | null>;
  zip: ColumnType<string | null, string | null | undefined, string | null>;
  /** the IBGE code of the municipality, from an NF-e (migration 021) */
  city_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** days an order takes to arrive (migration 029) */
  lead_time_days: ColumnType<number, number | undefined, number>;
  status: Status;
  search_text: string;
  /** sortKey(name) and sortKey(trade_name), kept by every write (docs/decisions/0012) */
  name_sort: string;
  trade_name_sort: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SupplierProductTable {
  supplier_id: number;
  product_id: number;
  created_at: Timestamp;
}

export interface StockBalanceTable {
  product_id: number;
  quantity: BigIntColumn;
  total_value: BigIntColumn;
  average_cost: BigIntColumn;
  last_movement_at: Timestamp | null;
  /** the date of the latest live ledger row (the posting pipeline's fast-path check) */
  last_occurred_on: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

export interface StockMovementTable {
  id: Generated<number>;
  year: number;
  month: number;
  file_name: string;
  sha256: string;
  sheet: Uint8Array;
  content_type: string;
  description: string | null;
  rows: number;
  entries: number;
  exits: number;
  created_by: number;
  created_at: Timestamp;
  cancelled_at: Timestamp | null;
  cancelled_by: number | null;
}

export type LedgerSource = 'manual' | 'sheet' | 'nfe' | 'count' | 'transfer';
export type StockReason = 'venda' | 'consumo' | 'perda' | 'devolucao' | 'ajuste';

export interface StockLedgerTable {
  id: Generated<number>;
  product_id: number;
  product_unity_id: number;
  direction: 'in' | 'out';
  quantity: BigIntColumn;
  base_quantity: BigIntColumn;
  unit_cost: BigIntColumn;
  total_cost: BigIntColumn;
  occurred_on: string;
  supplier_id: number | null;
  reason: StockReason | null;
  document: string | null;
  notes: string | null;
  stock_movement_id: number | null;
  nfe_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: number;
  created_at: Timestamp;
  cancelled_at: Timestamp | null;
  cancelled_by: number | null;
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  source: ColumnType<LedgerSource, LedgerSource | undefined, LedgerSource>;
  /** derived: running figures after this row, in ledger order (occurred_on, direction, id); written by the posting pipeline */
  balance_quantity: ColumnType<
    string | number | bigint,
    string | number | bigint | undefined,
    string | number | bigint
  >;
  balance_value: ColumnType<
    string | number | bigint,
    string | number | bigint | undefined,
    string | number | bigint
  >;
  /** the inventory count whose posting wrote this row (migration 012) */
  count_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** held or sent goods (migration 021); null: the business's own stock */
  position_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** where the row moved stock (migration 024): a location, of the row's establishment */
  location_id: ColumnType<number, number | undefined, number>;
  /** the own stock of an establishment other than the first (migration 024); null: the first's, or a position */
  establishment_stock_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** the transfer this row is one side of (migration 024) */
  transfer_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1: one side of a transfer between two locations of one establishment (changes no figure of it) */
  location_move: ColumnType<number, number | undefined, number>;
}

/** A product's goods of a third party with us, or ours with a third party, per participant (migration 021). */
export interface StockPositionTable {
  id: Generated<number>;
  product_id: number;
  kind: 'held' | 'sent';
  participant_id: number;
  quantity: BigIntColumn;
  total_value: BigIntColumn;
  last_occurred_on: string | null;
  updated_at: Timestamp;
}

export interface StockClosingTable {
  id: Generated<number>;
  year: number;
  month: number;
  action: 'close' | 'reopen';
  reason: string | null;
  /** the closed period after this action ("YYYY-MM" or null) */
  closed_through: string | null;
  user_id: number;
  created_at: Timestamp;
}

export interface Database {
  inventory_counts: InventoryCountTable;
  inventory_count_items: InventoryCountItemTable;
  count_item_parts: CountItemPartTable;
  stock_closings: StockClosingTable;
  products: ProductTable;
  product_unities: ProductUnityTable;
  prices: PriceTable;
  suppliers: SupplierTable;
  supplier_products: SupplierProductTable;
  stock_balances: StockBalanceTable;
  stock_positions: StockPositionTable;
  establishment_stock: EstablishmentStockTable;
  location_balances: LocationBalanceTable;
  stock_transfers: StockTransferTable;
  stock_movements: StockMovementTable;
  stock_ledger: StockLedgerTable;
  nfe_receipts: NfeReceiptTable;
  document_batches: DocumentBatchTable;
  nfe_cancellations: NfeCancellationTable;
  own_item_codes: OwnItemCodeTable;
  nfe_receipt_items: NfeReceiptItemTable;
  supplier_item_codes: SupplierItemCodeTable;
  users: UserTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  audit_log: AuditLogTable;
  auth_throttles: AuthThrottleTable;
  settings: SettingTable;
  establishments: EstablishmentTable;
  locations: LocationTable;
  categories: CategoryTable;
  unities: UnityTable;
  unity_batches: UnityBatchTable;
  stock_figures: StockFiguresTable;
  report_month_values: ReportMonthValueTable;
  stock_date_totals: StockDateTotalsTable;
}

export type User = Selectable<UserTable>;
export type Dialect = 'sqlite' | 'postgres';
