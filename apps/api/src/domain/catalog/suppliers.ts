import { sql, type RawBuilder } from 'kysely';
import type {
  TSupplier,
  ZNewSupplier,
  ZSupplierListQuery,
  ZUpdateSupplier,
} from '@armazem/contracts/catalog';
import type { z } from 'zod/mini';
import { formatDocument } from '@armazem/contracts/documents';
import type { Db, Tx } from '../../db/database.ts';
import { nowIso, toNumber } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { foldText, matchesAllWords, sortKey } from '../../lib/text.ts';
import { ledgerReferences } from '../products/product-unities-repository.ts';

type ListQuery = z.output<typeof ZSupplierListQuery>;
type NewSupplier = z.output<typeof ZNewSupplier>;
type UpdateSupplier = z.output<typeof ZUpdateSupplier>;

export const supplierNotFound = () => notFound('Fornecedor não encontrado.');

const supplierSearchText = (s: { name: string; trade_name: string | null; document: string }) =>
  foldText(s.name, s.trade_name, s.document, formatDocument(s.document));

const supplierSortKeys = (s: { name: string; trade_name: string | null }) => ({
  name_sort: sortKey(s.name),
  trade_name_sort: sortKey(s.trade_name),
});

function supplierColumns(db: Db | Tx) {
  return db.selectFrom('suppliers as s').select([
    's.id',
    's.name',
    's.trade_name',
    's.document',
    's.email',
    's.phone',
    's.status',
    's.created_at',
    's.updated_at',
    (eb) =>
      eb
        .selectFrom('supplier_products as sp')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('sp.supplier_id', '=', 's.id')
        .as('products_count'),
  ]);
}

type SupplierRow = Awaited<ReturnType<ReturnType<typeof supplierColumns>['executeTakeFirstOrThrow']>>;

function toSupplier(row: SupplierRow): TSupplier {
  return {
    id: row.id,
    name: row.name,
    tradeName: row.trade_name,
    document: row.document,
    email: row.email,
    phone: row.phone,
    status: row.status,
    productsCount: toNumber(row.products_count as string | number | null),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const SORT_COLUMNS = {
  name: 's.name_sort',
  tradeName: 's.trade_name_sort',
  document: 's.document',
  status: 's.status',
  createdAt: 's.created_at',
} as const;

export async function listSuppliers(db: Db, query: ListQuery) {
  const filters: RawBuilder<boolean>[] = matchesAllWords('s.search_text', query.q);
  if (query.status) filters.push(sql<boolean>`${sql.ref('s.status')} = ${query.status}`);
  const [rows, count] = await Promise.all([
    supplierColumns(db)
      .where(({ and }) => and(filters))
      .orderBy(SORT_COLUMNS[query.sort], query.order)
      .orderBy('s.name', query.order)
      .orderBy('s.id', query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('suppliers as s')
      .where(({ and }) => and(filters))
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toSupplier), total: toNumber(count.total as string | number) };
}

export async function findSupplier(db: Db | Tx, id: number): Promise<TSupplier> {
  const row = await supplierColumns(db).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw supplierNotFound();
  return toSupplier(row);
}

async function assertDocumentFree(tx: Tx, document: string, exceptId?: number) {
  let query = tx.selectFrom('suppliers').select('id').where('document', '=', document);
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) {
    throw conflict(
      `Já existe um fornecedor com o ${document.length === 11 ? 'CPF' : 'CNPJ'} ${formatDocument(document)}.`,
    );
  }
}

export async function createSupplier(db: Db, userId: number, input: NewSupplier): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await assertDocumentFree(tx, input.document);
    const now = nowIso();
    const values = {
      name: input.name,
      trade_name: input.tradeName,
      document: input.document,
      email: input.email ?? null,
      phone: input.phone ?? null,
    };
    const row = await tx
      .insertInto('suppliers')
      .values({
        ...values,
        status: 'active',
        search_text: supplierSearchText(values),
        ...supplierSortKeys(values),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(tx, { userId, action: 'create', entity: 'supplier', entityId: row.id, after: values });
    return row.id;
  });
}

export async function updateSupplier(db: Db, userId: number, id: number, input: UpdateSupplier) {
  await db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw supplierNotFound();
    if (input.document) await assertDocumentFree(tx, input.document, id);
    const next = {
      name: input.name ?? before.name,
      trade_name: input.tradeName === undefined ? before.trade_name : input.tradeName,
      document: input.document ?? before.document,
      email: input.email === undefined ? before.email : input.email,
      phone: input.phone === undefined ? before.phone : input.phone,
      status: input.status ?? before.status,
    };
    await tx
      .updateTable('suppliers')
      .set({
        ...next,
        search_text: supplierSearchText(next),
        ...supplierSortKeys(next),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    await audit(tx, { userId, action: 'update', entity: 'supplier', entityId: id, before, after: next });
  });
}

export async function deleteSupplier(db: Db, userId: number, id: number) {
  await db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw supplierNotFound();
    if (await ledgerReferences(tx, 'supplier_id', id)) {
      throw conflict(
        'O fornecedor já tem movimentações de estoque e não pode ser excluído. Desative-o para que não apareça nos cadastros.',
      );
    }
    await tx.deleteFrom('suppliers').where('id', '=', id).execute();
    await audit(tx, { userId, action: 'delete', entity: 'supplier', entityId: id, before });
  });
}

export async function listSupplierProducts(db: Db, supplierId: number) {
  await findSupplier(db, supplierId);
  const rows = await db
    .selectFrom('supplier_products as sp')
    .innerJoin('products as p', 'p.id', 'sp.product_id')
    .select(['p.id', 'p.sku', 'p.name', 'p.status', 'sp.created_at'])
    .where('sp.supplier_id', '=', supplierId)
    .orderBy('p.name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    name: row.name,
    status: row.status,
    linkedAt: row.created_at,
  }));
}

/** Linking twice is not an error; unlinking what is not linked is not either. */
export async function setSupplierProductLink(
  db: Db,
  userId: number,
  supplierId: number,
  productId: number,
  linked: boolean,
) {
  await db.transaction().execute(async (tx) => {
    const supplier = await tx
      .selectFrom('suppliers')
      .select('id')
      .where('id', '=', supplierId)
      .executeTakeFirst();
    if (!supplier) throw supplierNotFound();
    const product = await tx
      .selectFrom('products')
      .select('id')
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!product) throw notFound('Produto não encontrado.');
    if (linked) {
      const result = await tx
        .insertInto('supplier_products')
        .values({ supplier_id: supplierId, product_id: productId, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['supplier_id', 'product_id']).doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return;
    } else {
      const result = await tx
        .deleteFrom('supplier_products')
        .where('supplier_id', '=', supplierId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return;
    }
    await audit(tx, {
      userId,
      action: linked ? 'link' : 'unlink',
      entity: 'supplier_product',
      entityId: `${supplierId}:${productId}`,
    });
  });
}
