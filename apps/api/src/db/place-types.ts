import type { ColumnType, Generated } from 'kysely';
import type { BigIntColumn, Timestamp } from './column-types.ts';

type Status = 'active' | 'inactive';

// Tables of the third release's places: establishments, locations, stock per place and transfers (migrations 023, 024).

/** The business's establishments and their stock locations (migration 023). */
export interface EstablishmentTable {
  id: Generated<number>;
  name: string;
  /** the CNPJ; null while the business has not informed it (only the first establishment) */
  document: string | null;
  state_registration: string | null;
  street: string | null;
  street_number: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** the municipality's IBGE code (migration 027) */
  city_code: ColumnType<string | null, string | null | undefined, string | null>;
  default_location_id: number | null;
  status: Status;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LocationTable {
  id: Generated<number>;
  establishment_id: number;
  name: string;
  status: Status;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The own stock of an establishment other than the first, with its running figures (migration 024). */
export interface EstablishmentStockTable {
  id: Generated<number>;
  product_id: number;
  establishment_id: number;
  quantity: BigIntColumn;
  total_value: BigIntColumn;
  last_occurred_on: string | null;
  last_movement_at: Timestamp | null;
  updated_at: Timestamp;
}

/** Each product's own quantity per location (migration 024), kept by the posting pipeline. */
export interface LocationBalanceTable {
  product_id: number;
  location_id: number;
  quantity: BigIntColumn;
  updated_at: Timestamp;
}

/** A transfer between two locations (migration 024); its two ledger rows name it. */
export interface StockTransferTable {
  id: Generated<number>;
  product_id: number;
  product_unity_id: number;
  quantity: BigIntColumn;
  base_quantity: BigIntColumn;
  from_location_id: number;
  to_location_id: number;
  occurred_on: string;
  document: string | null;
  notes: string | null;
  created_by: number;
  created_at: Timestamp;
}
