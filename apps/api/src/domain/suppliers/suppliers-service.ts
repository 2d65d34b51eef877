import type {
  TSupplier,
  ZNewSupplier,
  ZSupplierListQuery,
  ZUpdateSupplier,
} from '@armazem/contracts/catalog';
import type { z } from 'zod/mini';
import type { Db, Tx } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, found, notFound } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { ledgerReferences } from '../products/products-public-service.ts';
import { productNotFound } from '../shared/catalog-rules.ts';
import {
  addressColumns,
  SUPPLIER_HAS_MOVEMENTS,
  SUPPLIER_NOT_FOUND,
  duplicateDocumentMessage,
  mergeSupplierEdit,
  supplierSearchText,
  supplierSortKeys,
  type SupplierFields,
} from './suppliers-rules.ts';
import {
  deleteSupplierRow,
  documentTaken,
  findSupplier,
  findSupplierRow,
  insertSupplier,
  linkProduct,
  listActiveSupplierOptions,
  listSupplierProducts,
  listSuppliers,
  productExists,
  unlinkProduct,
  updateSupplierRow,
} from './suppliers-repository.ts';

type ListQuery = z.output<typeof ZSupplierListQuery>;
type NewSupplier = z.output<typeof ZNewSupplier>;
type UpdateSupplier = z.output<typeof ZUpdateSupplier>;

const supplierNotFound = () => notFound(SUPPLIER_NOT_FOUND);

const foundSupplier = async (db: Db | Tx, id: number): Promise<TSupplier> =>
  found(await findSupplier(db, id), supplierNotFound);

async function assertDocumentFree(tx: Tx, document: string, exceptId?: number) {
  if (await documentTaken(tx, document, exceptId)) throw conflict(duplicateDocumentMessage(document));
}

const derived = (fields: SupplierFields) => ({
  search_text: supplierSearchText(fields),
  ...supplierSortKeys(fields),
});

export function createSuppliersService({ db, events }: Pick<ServiceDeps, 'db' | 'events'>) {
  return {
    list: (query: ListQuery) => listSuppliers(db, query),
    options: () => listActiveSupplierOptions(db),
    find: (id: number) => foundSupplier(db, id),

    async create(userId: number, input: NewSupplier): Promise<TSupplier> {
      const id = await db.transaction().execute(async (tx) => {
        await assertDocumentFree(tx, input.document);
        const values = {
          name: input.name,
          trade_name: input.tradeName,
          document: input.document,
          email: input.email ?? null,
          phone: input.phone ?? null,
          state_registration: input.stateRegistration ?? null,
          ...addressColumns(input.address),
          lead_time_days: input.leadTimeDays ?? 0,
        };
        const newId = await insertSupplier(tx, { ...values, ...derived(values) });
        await audit(tx, { userId, action: 'create', entity: 'supplier', entityId: newId, after: values });
        return newId;
      });
      events.publish('suppliers', [id]);
      return foundSupplier(db, id);
    },

    async update(userId: number, id: number, input: UpdateSupplier): Promise<TSupplier> {
      await db.transaction().execute(async (tx) => {
        const before = found(await findSupplierRow(tx, id), supplierNotFound);
        if (input.document) await assertDocumentFree(tx, input.document, id);
        const next = mergeSupplierEdit(before, input);
        await updateSupplierRow(tx, id, { ...next, ...derived(next) });
        await audit(tx, { userId, action: 'update', entity: 'supplier', entityId: id, before, after: next });
      });
      events.publish('suppliers', [id]);
      return foundSupplier(db, id);
    },

    /** Only a supplier no movement names can go; the others are deactivated instead. */
    async remove(userId: number, id: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const before = found(await findSupplierRow(tx, id), supplierNotFound);
        if (await ledgerReferences(tx, 'supplier_id', id)) throw conflict(SUPPLIER_HAS_MOVEMENTS);
        await deleteSupplierRow(tx, id);
        await audit(tx, { userId, action: 'delete', entity: 'supplier', entityId: id, before });
      });
      events.publish('suppliers', [id]);
    },

    async products(supplierId: number) {
      await foundSupplier(db, supplierId);
      return listSupplierProducts(db, supplierId);
    },

    /** Linking twice is not an error; unlinking what is not linked is not either (and neither is audited). */
    async setProductLink(userId: number, supplierId: number, productId: number, linked: boolean) {
      const changed = await db.transaction().execute(async (tx) => {
        found(await findSupplierRow(tx, supplierId), supplierNotFound);
        if (!(await productExists(tx, productId))) throw productNotFound();
        const done = linked
          ? await linkProduct(tx, supplierId, productId)
          : await unlinkProduct(tx, supplierId, productId);
        if (!done) return false;
        await audit(tx, {
          userId,
          action: linked ? 'link' : 'unlink',
          entity: 'supplier_product',
          entityId: `${supplierId}:${productId}`,
        });
        return true;
      });
      if (!changed) return;
      // both sides list the link: the supplier's products and the product's suppliers
      events.publish('suppliers', [supplierId]);
      events.publish('products', [productId]);
    },
  };
}

export type SuppliersService = ReturnType<typeof createSuppliersService>;
