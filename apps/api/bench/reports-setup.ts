// What reports.bench.ts needs besides the catalog and the ledger: suppliers with lead times linked to every product,
// and the floors of its figures (the least reading of the database each report needs, without the app).
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';
import { nowIso } from '../src/db/database.ts';
import type { Dialect } from '../src/db/types.ts';

const SUPPLIERS = 50;

/** 50 suppliers (lead times 0–14 days), each product linked to one of them, set-based. */
export async function seedSuppliers(db: Db, dialect: Dialect) {
  const now = nowIso();
  await db
    .insertInto('suppliers')
    .values(
      Array.from({ length: SUPPLIERS }, (_, i) => {
        const name = `Fornecedor ${String(i + 1).padStart(2, '0')} Ltda`;
        return {
          name,
          trade_name: null,
          document: String(10_000_000_000_000 + i).padStart(14, '0'),
          email: null,
          phone: null,
          lead_time_days: i % 15,
          status: 'active' as const,
          search_text: name.toLowerCase(),
          name_sort: name.toLowerCase(),
          trade_name_sort: '',
          created_at: now,
          updated_at: now,
        };
      }),
    )
    .execute();
  const at = dialect === 'postgres' ? sql`${now}::timestamptz` : sql`${now}`;
  await sql`insert into supplier_products (supplier_id, product_id, created_at)
    select (select min(id) from suppliers) + p.id % ${SUPPLIERS}, p.id, ${at} from products p`.execute(db);
}

interface Days {
  today: string;
  from90: string;
  from30: string;
}

/**
 * Each figure's floor, by the figure's name: the reads of the ledger and the balances the report cannot do without,
 * counted by the database (nothing travels to the app): the period's exits grouped by product, and every balance
 * (or every supplier link) beside them. Stock value's floor: one month end's per-category sum over the balances.
 */
export function reportFloors(db: Db, { today, from90, from30 }: Days) {
  const exits = (from: string) =>
    sql`select product_id, sum(base_quantity) as q, sum(total_cost) as v
      from stock_ledger where direction = 'out' and cancelled_at is null and position_id is null
        and source <> 'transfer' and occurred_on between ${from} and ${today}
      group by product_id`;
  const counted = (query: ReturnType<typeof sql>) => () =>
    sql`select count(*) as n from (${query}) as t`.execute(db);
  const balances = sql`select e.q, b.quantity, b.total_value from stock_balances b
    left join (${exits(from30)}) e on e.product_id = b.product_id where b.quantity <> 0 or e.q is not null`;
  return {
    'valor do estoque, 12 fins de mês': () =>
      sql`select p.category_id, sum(b.total_value) from products p join stock_balances b on b.product_id = p.id
        where b.quantity > 0 group by p.category_id`.execute(db),
    'curva ABC, 90 dias (página de 20)': counted(exits(from90)),
    'cobertura e giro, 30 dias (página de 20)': counted(balances),
    'estoque parado, 90 dias (página de 20)': counted(
      sql`select b.product_id from stock_balances b left join (${exits(from90)}) e on e.product_id = b.product_id
        where b.quantity > 0 and e.product_id is null`,
    ),
    'sugestão de compra, 30 dias (página de 20)': counted(
      sql`select sp.product_id, s.lead_time_days, p.min_stock, b.quantity, e.q
        from supplier_products sp join suppliers s on s.id = sp.supplier_id join products p on p.id = sp.product_id
        left join stock_balances b on b.product_id = p.id left join (${exits(from30)}) e on e.product_id = p.id`,
    ),
  };
}

/**
 * The floor of the stock list at a past date (a page of 20 by name): the page's products by the name index, each
 * one's last live row at the date (one seek each), and the date's kept totals.
 */
export function stockAtDateFloor(db: Db, date: string) {
  return () =>
    Promise.all([
      sql`select p.id, (select y.balance_value from stock_ledger y where y.product_id = p.id
          and y.position_id is null and y.establishment_stock_id is null and y.cancelled_at is null
          and y.occurred_on <= ${date} order by y.occurred_on desc, y.direction desc, y.id desc limit 1) as v
        from (select p.id from stock_balances sb join products p on p.id = sb.product_id
          order by p.name_sort, p.id limit 20) as p`.execute(db),
      sql`select * from stock_date_totals where as_of = ${date}`.execute(db),
    ]);
}
