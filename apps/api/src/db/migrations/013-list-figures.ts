import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import type { MigrationDb } from '../schema-helpers.ts';

/**
 * Lists and the dashboard that cost the same at 1,000 and 100,000 products (docs/decisions/0026):
 * - `stock_figures` keeps, per (category, status, below minimum), how many products there are, how many have a
 *   balance row and the sum of their stock value. Database triggers keep it (every writer, the posting pipeline
 *   included, is covered without knowing about it); the lists' `total`/`totals` and the dashboard read it.
 * - indexes for every sort and filter the lists offer, on both databases.
 */
export function listFigures(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('stock_figures')
        .addColumn('category_id', 'integer', (col) => col.notNull())
        .addColumn('status', 'varchar(10)', (col) => col.notNull())
        .addColumn('below', 'integer', (col) => col.notNull())
        .addColumn('products', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('balances', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('total_value', 'bigint', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('stock_figures_pk', ['category_id', 'status', 'below'])
        .execute();
      await sql`insert into stock_figures (category_id, status, below, products, balances, total_value)
        select p.category_id, p.status, ${sql.raw(BELOW('p', 'b'))}, count(*), count(b.product_id),
          coalesce(sum(b.total_value), 0)
        from products p left join stock_balances b on b.product_id = p.id
        group by p.category_id, p.status, ${sql.raw(BELOW('p', 'b'))}`.execute(db);
      if (dialect === 'sqlite') await sqliteTriggers(db);
      else await postgresTriggers(db);
      await listIndexes(db);
    },
  };
}

/** The SQL side of isBelowMinimum (domain/stock/below-minimum.ts), 1 or 0; a product without a balance is 0. */
function BELOW(p: string, b: string) {
  return `case when ${p}.status = 'active' and ${b}.quantity < ${p}.min_stock then 1 else 0 end`;
}

const UPSERT_SQLITE = `insert into stock_figures (category_id, status, below, products, balances, total_value)`;
const ON_CONFLICT = (table: string) => `on conflict (category_id, status, below) do update set
  products = ${table}.products + excluded.products, balances = ${table}.balances + excluded.balances,
  total_value = ${table}.total_value + excluded.total_value`;

/** A balance as plain expressions: its quantity, its value and whether the row exists. */
interface BalanceOf {
  q: string;
  v: string;
  has: string;
}
const NO_BALANCE: BalanceOf = { q: 'null', v: '0', has: '0' };
/** The balance row the trigger sees (`new` or `old` of stock_balances). */
const rowBalance = (row: 'new' | 'old'): BalanceOf => ({
  q: `${row}.quantity`,
  v: `${row}.total_value`,
  has: '1',
});
/** A product's current balance, looked up by its key. */
const storedBalance = (id: string): BalanceOf => ({
  q: `(select quantity from stock_balances where product_id = ${id})`,
  v: `(select total_value from stock_balances where product_id = ${id})`,
  has: `exists (select 1 from stock_balances where product_id = ${id})`,
});

/**
 * One product's share of the figures: `sign` 1 adds it, -1 takes it away. Every lookup goes by primary key (plain
 * expressions, no join for the planner to turn around), so a trigger costs the same at any catalog size.
 */
function share(sign: 1 | -1, p: string, balance: BalanceOf, from = '') {
  const below = `case when ${p}.status = 'active' and ${balance.q} < ${p}.min_stock then 1 else 0 end`;
  return `${UPSERT_SQLITE}
    select ${p}.category_id, ${p}.status, ${below}, ${sign}, ${sign} * (${balance.has}),
      ${sign} * coalesce(${balance.v}, 0)
    ${from || 'where true'} ${ON_CONFLICT('stock_figures')};`;
}

async function sqliteTriggers(db: MigrationDb) {
  const product = (row: 'new' | 'old') => `from products p where p.id = ${row}.product_id`;
  const statements = [
    `create trigger stock_figures_product_insert after insert on products begin
      ${share(1, 'new', storedBalance('new.id'))} end`,
    `create trigger stock_figures_product_update after update of category_id, status, min_stock on products
      when old.category_id is not new.category_id or old.status is not new.status or old.min_stock is not new.min_stock
      begin ${share(-1, 'old', storedBalance('old.id'))} ${share(1, 'new', storedBalance('new.id'))} end`,
    `create trigger stock_figures_product_delete before delete on products begin
      ${share(-1, 'old', storedBalance('old.id'))} end`,
    `create trigger stock_figures_balance_insert after insert on stock_balances begin
      ${share(-1, 'p', NO_BALANCE, product('new'))} ${share(1, 'p', rowBalance('new'), product('new'))} end`,
    `create trigger stock_figures_balance_update after update of quantity, total_value on stock_balances
      when old.quantity is not new.quantity or old.total_value is not new.total_value
      begin ${share(-1, 'p', rowBalance('old'), product('old'))} ${share(1, 'p', rowBalance('new'), product('new'))} end`,
    // a balance deleted by itself (the product stays): the product counts again without one; when the product
    // itself is deleted, its BEFORE DELETE trigger already took its whole share and the product is gone here
    `create trigger stock_figures_balance_delete after delete on stock_balances begin
      ${share(-1, 'p', rowBalance('old'), product('old'))} ${share(1, 'p', NO_BALANCE, product('old'))} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

const LOCK = 'perform pg_advisory_xact_lock(2026013);';
const upsertSql = (deltas: string) => `
    insert into stock_figures as f (category_id, status, below, products, balances, total_value)
    select category_id, status, below, sum(products), sum(balances), sum(total_value) from (${deltas}) d
    group by category_id, status, below order by category_id, status, below
    ${ON_CONFLICT('f')}`;
const withBalance = (sign: string, p: string, b: string, from: string) =>
  `select ${p}.category_id, ${p}.status, ${BELOW(p, b)} as below, ${sign}1 as products,
    ${sign}(case when ${b}.product_id is null then 0 else 1 end) as balances,
    ${sign}coalesce(${b}.total_value, 0)::bigint as total_value ${from}`;
const bare = (sign: string, from: string) =>
  `select p.category_id, p.status, 0 as below, ${sign}1 as products, 0 as balances, 0::bigint as total_value ${from}`;

/** The statement-level triggers: name, event (with its transition tables) and the deltas they add up. */
function statementTriggers(): Array<[string, string, string]> {
  return [
    [
      'stock_figures_product_insert',
      'after insert on products referencing new table as n',
      withBalance('', 'n', 'b', 'from n left join stock_balances b on b.product_id = n.id'),
    ],
    [
      'stock_figures_product_update',
      'after update on products referencing old table as o new table as n',
      `${withBalance('-', 'o', 'b', 'from o join n on n.id = o.id left join stock_balances b on b.product_id = o.id where (o.category_id, o.status, o.min_stock) is distinct from (n.category_id, n.status, n.min_stock)')}
       union all ${withBalance('', 'n', 'b', 'from o join n on n.id = o.id left join stock_balances b on b.product_id = n.id where (o.category_id, o.status, o.min_stock) is distinct from (n.category_id, n.status, n.min_stock)')}`,
    ],
    [
      'stock_figures_balance_insert',
      'after insert on stock_balances referencing new table as n',
      `${bare('-', 'from n join products p on p.id = n.product_id')}
       union all ${withBalance('', 'p', 'n', 'from n join products p on p.id = n.product_id')}`,
    ],
    [
      'stock_figures_balance_update',
      'after update on stock_balances referencing old table as o new table as n',
      `${withBalance('-', 'p', 'o', 'from o join products p on p.id = o.product_id')}
       union all ${withBalance('', 'p', 'n', 'from n join products p on p.id = n.product_id')}`,
    ],
    [
      'stock_figures_balance_delete',
      'after delete on stock_balances referencing old table as o',
      `${withBalance('-', 'p', 'o', 'from o join products p on p.id = o.product_id')}
       union all ${bare('', 'from o join products p on p.id = o.product_id')}`,
    ],
  ];
}

/**
 * A statement-level trigger's function. Its upsert runs through EXECUTE, planned each time for the transition table
 * it has: a static statement would keep, for the whole connection, the plan made for the first statement's size, and
 * after a 5,000-row import every one-row insert reused a hash join over all of stock_balances (issue 36, decision
 * 0092). Planning costs ~0.1 ms a statement; the wrong plan cost 20-40 ms.
 */
export function figuresFunctionSql(name: string, deltas: string) {
  return `create or replace function ${name}() returns trigger language plpgsql as $$ begin ${LOCK}
    execute $figures$ ${upsertSql(deltas)} $figures$; return null; end $$`;
}

/** Every statement-level figures function, as figuresFunctionSql writes it (migration 031 rewrites them). */
export const figuresFunctions = () =>
  statementTriggers().map(([name, , deltas]) => ({ name, sql: figuresFunctionSql(name, deltas) }));

/**
 * PostgreSQL: statement-level triggers with transition tables (one upsert per statement, however many rows a
 * set-based write touches), the groups written in key order under one transaction-scoped advisory lock. The
 * posting pipeline locks its balance rows before it writes any (lockBalances), so holding this lock to commit
 * cannot close a cycle with a row lock.
 */
async function postgresTriggers(db: MigrationDb) {
  for (const [name, event, deltas] of statementTriggers()) {
    await sql.raw(figuresFunctionSql(name, deltas)).execute(db);
    await sql
      .raw(`create trigger ${name} ${event} for each statement execute function ${name}()`)
      .execute(db);
  }
  // before the row goes: its balance (deleted after it, by the cascade) is still there to say its share
  await sql
    .raw(
      `create function stock_figures_product_delete() returns trigger language plpgsql as $$ begin
       ${LOCK} ${upsertSql(withBalance('-', 'p', 'b', 'from products p left join stock_balances b on b.product_id = p.id where p.id = old.id'))};
       return old; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      'create trigger stock_figures_product_delete before delete on products for each row execute function stock_figures_product_delete()',
    )
    .execute(db);
}

/** Every sort and filter the product and stock lists offer, served by an index on both databases. */
async function listIndexes(db: MigrationDb) {
  const indexes: Array<[string, string, string[]]> = [
    ['products_created_idx', 'products', ['created_at', 'id']],
    ['products_status_id_idx', 'products', ['status', 'id']],
    ['products_status_name_idx', 'products', ['status', 'name_sort', 'id']],
    ['products_category_name_idx', 'products', ['category_id', 'name_sort', 'id']],
    ['products_category_id_idx', 'products', ['category_id', 'id']],
    ['products_sku_id_idx', 'products', ['sku', 'id']],
    ['categories_name_sort_idx', 'categories', ['name_sort', 'id']],
    ['stock_balances_value_idx', 'stock_balances', ['total_value', 'product_id']],
    ['stock_balances_moved_idx', 'stock_balances', ['last_movement_at', 'product_id']],
  ];
  // the dashboard's "Últimas movimentações": newest live rows by the date people see, without sorting the ledger
  await db.schema
    .createIndex('stock_ledger_latest_idx')
    .on('stock_ledger')
    .columns(['occurred_on', 'created_at', 'id'])
    .where(sql.ref('cancelled_at'), 'is', null)
    .execute();
  for (const [name, table, columns] of indexes)
    await db.schema.createIndex(name).on(table).columns(columns).execute();
}
