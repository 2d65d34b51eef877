import { sql } from 'kysely';
import { chunks } from '../../lib/chunks.ts';
import type { TNfeReceipt, TNfeReceiptDetail, ZNfeListQuery } from '@armazem/contracts/nfe';
import type { z } from 'zod/mini';
import type { Db, Tx, RowOf } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import { paged, onePage } from '../../lib/paging.ts';
import { PACKAGE_LABEL_COLUMNS, packageLabel, packageRows } from '../products/products-public-service.ts';

/** Reading stored receipts: the list, one receipt with its items, the original XML; and marking an undo. */

type ListQuery = z.output<typeof ZNfeListQuery>;

function receiptBase(db: Db | Tx) {
  return db
    .selectFrom('nfe_receipts as r')
    .innerJoin('suppliers as s', 's.id', 'r.supplier_id')
    .innerJoin('users as u', 'u.id', 'r.created_by')
    .select([
      'r.id',
      'r.access_key',
      'r.number',
      'r.series',
      'r.issued_at',
      'r.occurred_on',
      'r.items',
      'r.total_cost',
      'r.invoice_total',
      'r.created_at',
      'r.undone_at',
      's.id as supplier_id',
      's.name as supplier_name',
      'u.id as user_id',
      'u.name as user_name',
    ]);
}

type ReceiptRow = RowOf<typeof receiptBase>;

function toReceipt(row: ReceiptRow): TNfeReceipt {
  return {
    id: row.id,
    accessKey: row.access_key,
    number: row.number,
    series: row.series,
    issuedAt: new Date(row.issued_at).toISOString(),
    supplier: { id: row.supplier_id, name: row.supplier_name },
    occurredOn: String(row.occurred_on).slice(0, 10),
    entries: row.items,
    totalCost: moneyOut(row.total_cost),
    invoiceTotal: moneyOut(row.invoice_total),
    createdBy: { id: row.user_id, name: row.user_name },
    createdAt: new Date(row.created_at).toISOString(),
    undoneAt: row.undone_at ? new Date(row.undone_at).toISOString() : null,
  };
}

function filtered(db: Db, query: ListQuery) {
  let q = receiptBase(db);
  if (query.situation === 'imported') q = q.where('r.undone_at', 'is', null);
  if (query.situation === 'undone') q = q.where('r.undone_at', 'is not', null);
  if (query.from) q = q.where('r.occurred_on', '>=', query.from);
  if (query.to) q = q.where('r.occurred_on', '<=', query.to);
  if (query.supplierId) q = q.where('r.supplier_id', '=', query.supplierId);
  // keys are stored as the schema writes them, digits and upper-case letters: the query is read the same way, so
  // PostgreSQL (whose LIKE minds case) finds what SQLite finds
  const text = query.q?.replace(/\s/g, '').toUpperCase();
  if (text) {
    q = q.where((eb) =>
      eb.or([
        eb('r.number', '=', text.replace(/^0+/, '')),
        eb('r.access_key', 'like', `${text.replace(/[%_]/g, '')}%`),
      ]),
    );
  }
  return q;
}

export async function listReceipts(db: Db, query: ListQuery) {
  const base = filtered(db, query);
  const [rows, total] = await Promise.all([
    base
      .orderBy('r.created_at', query.order)
      .orderBy('r.id', query.order)
      .$call(onePage(query.page, query.pageSize))
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return paged(rows.map(toReceipt), Number(total.n), query.page, query.pageSize);
}

export async function findReceipt(db: Db | Tx, id: number): Promise<TNfeReceipt | null> {
  const row = await receiptBase(db).where('r.id', '=', id).executeTakeFirst();
  return row ? toReceipt(row) : null;
}

export async function receiptItems(db: Db, id: number): Promise<TNfeReceiptDetail['items']> {
  const rows = await packageRows(db)
    .innerJoin('nfe_receipt_items as i', 'i.product_unity_id', 'pu.id')
    .select([
      ...PACKAGE_LABEL_COLUMNS,
      'i.item',
      'i.supplier_code',
      'i.gtin',
      'i.description',
      'i.unit',
      'i.quantity as item_quantity',
      'i.total_cost',
      'i.lots',
      'i.effect',
      'i.fiscal',
      'p.id as product_id',
      'p.sku',
      'p.name',
      'pu.id as unity_id',
    ])
    .where('i.receipt_id', '=', id)
    .orderBy('i.item')
    .execute();
  return rows.map((row) => ({
    item: row.item,
    supplierCode: row.supplier_code,
    gtin: row.gtin,
    description: row.description,
    unit: row.unit,
    quantity: quantityOut(row.item_quantity),
    totalCost: moneyOut(row.total_cost),
    product: { id: row.product_id, sku: row.sku, name: row.name },
    productUnity: { id: row.unity_id, label: packageLabel(row) },
    lots: (
      JSON.parse(row.lots) as Array<{
        number: string;
        quantity: string;
        manufacturedOn: string | null;
        expiresOn: string | null;
      }>
    ).map((lot) => ({ ...lot, quantity: quantityOut(toBigInt(lot.quantity)) })),
    effect: row.effect as TNfeReceiptDetail['items'][number]['effect'],
    fiscal: row.fiscal ? (JSON.parse(row.fiscal) as TNfeReceiptDetail['items'][number]['fiscal']) : null,
  }));
}

export async function receiptXml(db: Db, id: number) {
  return (
    (await db
      .selectFrom('nfe_receipts')
      .select(['xml', 'access_key', 'file_name'])
      .where('id', '=', id)
      .executeTakeFirst()) ?? null
  );
}

/** Many receipts' totals in one statement per 500 (a batch of documents, §6.4). */
export async function setReceiptTotals(tx: Tx, totals: ReadonlyArray<{ id: number; total: bigint }>) {
  for (const part of chunks(totals, 500)) {
    const cases = sql.join(
      part.map((t) => sql`when ${t.id} then cast(${t.total.toString()} as bigint)`),
      sql` `,
    );
    await tx
      .updateTable('nfe_receipts')
      .set({ total_cost: sql`case id ${cases} end` })
      .where(
        'id',
        'in',
        part.map((t) => t.id),
      )
      .execute();
  }
}
