import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import { columnTypes, notNull, withId, type MigrationDb } from '../schema-helpers.ts';

const statusCheck = sql`status in ('active', 'inactive')`;

export function catalogAndStock(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await catalogTables(db, dialect, t);
      await supplierAndStockTables(db, dialect, t);
      await movementAndLedgerTables(db, dialect, t);
      await appendOnlyLedger(db, dialect);
    },
  };
}

async function catalogTables(db: MigrationDb, dialect: Dialect, t: ReturnType<typeof columnTypes>) {
  await withId(db.schema.createTable('products'), dialect)
    .addColumn('sku', 'varchar(60)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('description', 'text')
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id'))
    .addColumn('base_unity_id', 'integer', (col) => col.notNull().references('unities.id'))
    .addColumn('min_stock', t.bigint, (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`min_stock >= 0`),
    )
    .addColumn('barcode', 'varchar(14)', (col) => col.unique())
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('active').check(statusCheck))
    // lower-case, accent-free "sku name barcode": one dialect-neutral column for search
    .addColumn('search_text', 'varchar(500)', notNull)
    .addColumn('created_at', t.timestamp, notNull)
    .addColumn('updated_at', t.timestamp, notNull)
    .execute();
  await db.schema.createIndex('products_name_idx').on('products').columns(['name', 'id']).execute();
  await db.schema
    .createIndex('products_category_idx')
    .on('products')
    .columns(['category_id', 'name'])
    .execute();
  await db.schema.createIndex('products_status_idx').on('products').columns(['status', 'name']).execute();

  await withId(db.schema.createTable('product_unities'), dialect)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('unity_id', 'integer', (col) => col.notNull().references('unities.id'))
    .addColumn('unity_batch_id', 'integer', (col) => col.notNull().references('unity_batches.id'))
    .addColumn('quantity', t.bigint, (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('barcode', 'varchar(14)', (col) => col.unique())
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('active').check(statusCheck))
    .addColumn('is_default', t.flag, (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, notNull)
    .addColumn('updated_at', t.timestamp, notNull)
    .execute();
  await db.schema
    .createIndex('product_unities_product_idx')
    .on('product_unities')
    .column('product_id')
    .execute();

  await withId(db.schema.createTable('prices'), dialect)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('product_unity_id', 'integer', (col) =>
      col.references('product_unities.id').onDelete('cascade'),
    )
    .addColumn('cost_price', t.bigint, (col) => col.notNull().check(sql`cost_price >= 0`))
    .addColumn('sale_price', t.bigint, (col) => col.notNull().check(sql`sale_price >= 0`))
    .addColumn('effective_from', t.date, notNull)
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', t.timestamp, notNull)
    .execute();
  await db.schema
    .createIndex('prices_product_idx')
    .on('prices')
    .columns(['product_id', 'effective_from', 'id'])
    .execute();
}

async function supplierAndStockTables(db: MigrationDb, dialect: Dialect, t: ReturnType<typeof columnTypes>) {
  await withId(db.schema.createTable('suppliers'), dialect)
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('trade_name', 'varchar(200)')
    .addColumn('document', 'varchar(14)', (col) => col.notNull().unique())
    .addColumn('email', 'varchar(254)')
    .addColumn('phone', 'varchar(20)')
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('active').check(statusCheck))
    .addColumn('search_text', 'varchar(500)', notNull)
    .addColumn('created_at', t.timestamp, notNull)
    .addColumn('updated_at', t.timestamp, notNull)
    .execute();
  await db.schema.createIndex('suppliers_name_idx').on('suppliers').columns(['name', 'id']).execute();

  await db.schema
    .createTable('supplier_products')
    .addColumn('supplier_id', 'integer', (col) =>
      col.notNull().references('suppliers.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, notNull)
    .addPrimaryKeyConstraint('supplier_products_pk', ['supplier_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('supplier_products_product_idx')
    .on('supplier_products')
    .column('product_id')
    .execute();

  await db.schema
    .createTable('stock_balances')
    .addColumn('product_id', 'integer', (col) =>
      col.primaryKey().references('products.id').onDelete('cascade'),
    )
    // base units in thousandths; never negative, whatever the code above it does
    .addColumn('quantity', t.bigint, (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`quantity >= 0`),
    )
    // the stock's total cost in ten-thousandths of a real; the average is total_value / quantity
    .addColumn('total_value', t.bigint, (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`total_value >= 0`),
    )
    .addColumn('average_cost', t.bigint, (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`average_cost >= 0`),
    )
    .addColumn('last_movement_at', t.timestamp)
    .addColumn('updated_at', t.timestamp, notNull)
    .execute();
}

async function movementAndLedgerTables(db: MigrationDb, dialect: Dialect, t: ReturnType<typeof columnTypes>) {
  await withId(db.schema.createTable('stock_movements'), dialect)
    .addColumn('year', 'integer', notNull)
    .addColumn('month', 'integer', (col) => col.notNull().check(sql`month between 1 and 12`))
    .addColumn('file_name', 'varchar(255)', notNull)
    .addColumn('sha256', 'varchar(64)', notNull)
    .addColumn('sheet', dialect === 'postgres' ? 'bytea' : 'blob', notNull)
    .addColumn('content_type', 'varchar(100)', notNull)
    .addColumn('description', 'text')
    .addColumn('rows', 'integer', notNull)
    .addColumn('entries', 'integer', notNull)
    .addColumn('exits', 'integer', notNull)
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', t.timestamp, notNull)
    .addColumn('cancelled_at', t.timestamp)
    .addColumn('cancelled_by', 'integer', (col) => col.references('users.id'))
    .execute();
  await db.schema
    .createIndex('stock_movements_month_idx')
    .on('stock_movements')
    .columns(['year', 'month'])
    .execute();

  await withId(db.schema.createTable('stock_ledger'), dialect, 'bigint')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('product_unity_id', 'integer', (col) => col.notNull().references('product_unities.id'))
    .addColumn('direction', 'varchar(3)', (col) => col.notNull().check(sql`direction in ('in', 'out')`))
    .addColumn('quantity', t.bigint, (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('base_quantity', t.bigint, (col) => col.notNull().check(sql`base_quantity > 0`))
    .addColumn('unit_cost', t.bigint, (col) => col.notNull().check(sql`unit_cost >= 0`))
    .addColumn('total_cost', t.bigint, (col) => col.notNull().check(sql`total_cost >= 0`))
    .addColumn('occurred_on', t.date, notNull)
    .addColumn('supplier_id', 'integer', (col) => col.references('suppliers.id'))
    .addColumn('reason', 'varchar(20)', (col) =>
      col.check(sql`reason is null or reason in ('venda', 'consumo', 'perda', 'devolucao', 'ajuste')`),
    )
    .addColumn('document', 'varchar(60)')
    .addColumn('notes', 'text')
    .addColumn('stock_movement_id', 'integer', (col) => col.references('stock_movements.id'))
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', t.timestamp, notNull)
    .addColumn('cancelled_at', t.timestamp)
    .addColumn('cancelled_by', 'integer', (col) => col.references('users.id'))
    .addCheckConstraint(
      'stock_ledger_reason_direction',
      sql`(direction = 'in' and reason is null) or (direction = 'out' and reason is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('stock_ledger_direction_idx')
    .on('stock_ledger')
    .columns(['direction', 'occurred_on', 'id'])
    .execute();
  await db.schema
    .createIndex('stock_ledger_product_idx')
    .on('stock_ledger')
    .columns(['product_id', 'occurred_on'])
    .execute();
  await db.schema
    .createIndex('stock_ledger_movement_idx')
    .on('stock_ledger')
    .column('stock_movement_id')
    .execute();
  await db.schema.createIndex('stock_ledger_supplier_idx').on('stock_ledger').column('supplier_id').execute();
  await db.schema
    .createIndex('stock_ledger_unity_idx')
    .on('stock_ledger')
    .column('product_unity_id')
    .execute();
}

/** The database itself keeps the ledger append-only: no DELETE, and the only UPDATE marks a live row cancelled. */
async function appendOnlyLedger(db: MigrationDb, dialect: Dialect) {
  const message = 'O razão de estoque é somente de inclusão: linhas não podem ser apagadas nem alteradas.';
  if (dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger stock_ledger_no_delete before delete on stock_ledger
         begin select raise(abort, '${message}'); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger stock_ledger_cancel_only before update on stock_ledger
         when old.cancelled_at is not null
           or new.cancelled_at is null or new.cancelled_by is null
           or new.id is not old.id or new.product_id is not old.product_id
           or new.product_unity_id is not old.product_unity_id or new.direction is not old.direction
           or new.quantity is not old.quantity or new.base_quantity is not old.base_quantity
           or new.unit_cost is not old.unit_cost or new.total_cost is not old.total_cost
           or new.occurred_on is not old.occurred_on or new.supplier_id is not old.supplier_id
           or new.reason is not old.reason or new.document is not old.document or new.notes is not old.notes
           or new.stock_movement_id is not old.stock_movement_id or new.created_by is not old.created_by
           or new.created_at is not old.created_at
         begin select raise(abort, '${message}'); end`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create function stock_ledger_guard() returns trigger language plpgsql as $$
       begin
         if tg_op = 'DELETE' then raise exception '${message}'; end if;
         if old.cancelled_at is not null or new.cancelled_at is null or new.cancelled_by is null
            or (new.id, new.product_id, new.product_unity_id, new.direction, new.quantity, new.base_quantity,
                new.unit_cost, new.total_cost, new.occurred_on, new.supplier_id, new.reason, new.document,
                new.notes, new.stock_movement_id, new.created_by, new.created_at)
               is distinct from
               (old.id, old.product_id, old.product_unity_id, old.direction, old.quantity, old.base_quantity,
                old.unit_cost, old.total_cost, old.occurred_on, old.supplier_id, old.reason, old.document,
                old.notes, old.stock_movement_id, old.created_by, old.created_at) then
           raise exception '${message}';
         end if;
         return new;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger stock_ledger_append_only before update or delete on stock_ledger
       for each row execute function stock_ledger_guard()`,
    )
    .execute(db);
}
