import type {
  TLedgerEntry,
  ZLedgerQuery,
  ZNewStockIn,
  ZNewStockOut,
  ZStockQuery,
} from '@armazem/contracts/stock';
import type { z } from 'zod/mini';
import type { Db, Tx } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { createGroupCommit } from '../../db/group-commit.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import type { Dialect } from '../../db/types.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { DATE_RANGE_MESSAGE } from '@armazem/contracts/common';
import type { EventBus } from '../../lib/events.ts';
import type { Clock } from '../../lib/dates.ts';
import { post, type NewLedgerRow, type PostedRow } from './posting-pipeline.ts';
import { findMovementContext } from './posting-repository.ts';
import { findSupplierStatus } from '../suppliers/suppliers-public-service.ts';
import { baseQuantityOf, monthLabel, monthOf } from '../shared/stock-rules.ts';
import { belowMinimumList, listStock } from './balances-repository.ts';
import { stockSummary } from './stock-figures-repository.ts';
import { findLedgerEntry, listLedger } from './ledger-repository.ts';
import { kardex } from './kardex.ts';
import { checkIntegrity } from './integrity.ts';

export type NewStockIn = z.output<typeof ZNewStockIn>;
export type NewStockOut = z.output<typeof ZNewStockOut>;
type LedgerQuery = z.output<typeof ZLedgerQuery>;
type StockQuery = z.output<typeof ZStockQuery>;
/** Who writes: the answer names them without reading the user back. */
type Author = { id: number; name: string };

export interface StockServiceDeps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  events: EventBus;
}

type Movement = ({ direction: 'in' } & NewStockIn) | ({ direction: 'out' } & NewStockOut);

/** The product and package a movement names, checked: both exist, are active and belong together. */
export async function movementContext(tx: Tx | Db, productId: number, productUnityId: number) {
  const { product, unity } = await findMovementContext(tx, productId, productUnityId);
  if (!product) throw badRequest('Produto não encontrado.', 'productId');
  if (product.status !== 'active') {
    throw badRequest(
      `O produto ${product.name} está inativo. Reative-o para registrar movimentações.`,
      'productId',
    );
  }
  if (!unity || unity.productId !== productId) {
    throw badRequest('A embalagem informada não pertence a este produto.', 'productUnityId');
  }
  if (unity.status !== 'active')
    throw badRequest('Esta embalagem está inativa. Escolha outra ou reative-a.', 'productUnityId');
  return { product, unity };
}

async function activeSupplier(tx: Tx | Db, supplierId: number) {
  const supplier = await findSupplierStatus(tx, supplierId);
  if (!supplier) throw badRequest('Fornecedor não encontrado.', 'supplierId');
  if (supplier.status !== 'active')
    throw badRequest(`O fornecedor ${supplier.name} está inativo.`, 'supplierId');
  return { id: supplierId, name: supplier.name };
}

/** The pipeline's row for a manual movement. */
function manualRow(input: Movement, baseQuantity: bigint, occurredOn: string): NewLedgerRow {
  return {
    productId: input.productId,
    productUnityId: input.productUnityId,
    direction: input.direction,
    quantity: input.quantity,
    baseQuantity,
    unitCost: input.direction === 'in' ? input.unitCost : null,
    occurredOn,
    supplierId: input.direction === 'in' ? (input.supplierId ?? null) : null,
    reason: input.direction === 'out' ? input.reason : null,
    document: input.document ?? null,
    notes: input.notes ?? null,
    source: 'manual',
    stockMovementId: null,
    locationId: input.locationId ?? null,
  };
}

/** The answer to a new movement or transfer side, from what the write already knows: no second read of the row. */
export function postedEntry(
  row: NewLedgerRow,
  posted: PostedRow,
  context: Awaited<ReturnType<typeof movementContext>>,
  supplier: { id: number; name: string } | null,
  user: { id: number; name: string },
  createdAt: string,
): TLedgerEntry {
  const { product, unity } = context;
  return {
    id: posted.id,
    direction: row.direction,
    occurredOn: row.occurredOn,
    product: { id: product.id, sku: product.sku, name: product.name },
    productUnity: { id: unity.id, label: unity.label },
    quantity: quantityOut(row.quantity),
    baseQuantity: quantityOut(row.baseQuantity),
    baseUnity: product.baseCode,
    unitCost: moneyOut(posted.derived.unitCost),
    totalCost: moneyOut(posted.derived.totalCost),
    supplier,
    reason: row.reason,
    document: row.document,
    notes: row.notes,
    stockMovementId: null,
    source: row.source,
    createdBy: { id: user.id, name: user.name },
    createdAt,
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: null,
    location: posted.location,
    transferId: row.transferId ?? null,
  };
}

const SOURCE_TO_UNDO = {
  sheet: (id: number | null) =>
    `Este movimento veio da planilha de movimentação nº ${id ?? '?'}: exclua essa importação em Movimentação para desfazê-lo.`,
  nfe: () => 'Este movimento veio de uma NF-e: desfaça a importação da nota em Notas fiscais.',
  count: () => 'Este movimento veio de um balanço: desfaça o balanço em Balanço.',
  transfer: () => 'Este movimento é um lado de uma transferência: cancele a transferência inteira.',
} as const;

export function createStockService({ db, dialect, clock, events }: StockServiceDeps) {
  // Manual movements of one product (every one on SQLite, whose single writer serialises them anyway) share a
  // commit when they arrive together; on PostgreSQL a lane per product keeps the one lock such a group holds.
  const groupCommit = createGroupCommit(db, { multiStatement: dialect === 'postgres' });
  const lane = (productId: number) => (dialect === 'postgres' ? productId : 'sqlite');

  async function record(user: Author, input: Movement): Promise<TLedgerEntry> {
    const today = clock.today();
    // What the movement names is read before it queues for the write: these reads take no lock (inside the
    // transaction they would not either), and the writes of a group then wait only on each other's posting.
    const context = await movementContext(db, input.productId, input.productUnityId);
    const base = baseQuantityOf(context.unity, input.quantity);
    if (!base.ok) throw badRequest(base.message, 'quantity');
    const supplierId = input.direction === 'in' ? input.supplierId : undefined;
    const supplier = supplierId ? await activeSupplier(db, supplierId) : null;
    const row = manualRow(input, base.baseQuantity, input.occurredOn ?? today);
    const entry = await groupCommit(lane(input.productId), async (tx) => {
      const createdAt = nowIso();
      const [posted] = await post(tx, dialect, {
        userId: user.id,
        today,
        now: createdAt,
        add: [row],
        audit: {
          action: 'create',
          entity: input.direction === 'in' ? 'stock_in' : 'stock_out',
          entityId: null,
          after: { productId: input.productId, quantity: input.quantity, occurredOn: row.occurredOn },
        },
      });
      if (!posted) throw new Error('the pipeline wrote no row');
      return postedEntry(row, posted, context, supplier, user, createdAt);
    });
    events.publish('stock', [input.productId]); // after the group's commit: the screens read what was written
    return entry;
  }

  return {
    recordEntry: (user: Author, body: NewStockIn) => record(user, { direction: 'in', ...body }),
    recordExit: (user: Author, body: NewStockOut) => record(user, { direction: 'out', ...body }),

    /** Estorno of one manual row: cancelled once, with a reason, through the pipeline's checks. */
    async cancelEntry(userId: number, direction: 'in' | 'out', id: number, reason: string) {
      await db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('stock_ledger')
          .select(['id', 'direction', 'source', 'stock_movement_id', 'cancelled_at', 'occurred_on'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row || row.direction !== direction) {
          throw notFound(direction === 'in' ? 'Entrada não encontrada.' : 'Saída não encontrada.');
        }
        if (row.cancelled_at) throw conflict('Este movimento já foi cancelado.');
        if (row.source !== 'manual') throw conflict(SOURCE_TO_UNDO[row.source](row.stock_movement_id));
        await post(tx, dialect, {
          userId,
          today: clock.today(),
          cancel: { ids: [id], reason },
          audit: {
            action: 'cancel',
            entity: direction === 'in' ? 'stock_in' : 'stock_out',
            entityId: id,
            after: { reason, month: monthLabel(monthOf(row.occurred_on)) },
          },
        });
      });
      const entry = await findLedgerEntry(db, id);
      events.publish('stock', [entry.product.id]);
      return entry;
    },

    listLedger: (direction: 'in' | 'out', query: LedgerQuery) => listLedger(db, direction, query),
    // a date from today on is the current balance
    listStock: (query: StockQuery) =>
      listStock(db, dialect, query, query.date && query.date < clock.today() ? query.date : null),
    summary: () => stockSummary(db),
    belowMinimum: () => belowMinimumList(db, dialect, 100),
    kardex: (
      productId: number,
      range: { from?: string; to?: string; establishmentId?: number; locationId?: number },
    ) => {
      // defaults: up to today, from the first day of the last date's month
      const to = range.to ?? clock.today();
      const from = range.from ?? `${to.slice(0, 8)}01`;
      if (from > to) throw badRequest(DATE_RANGE_MESSAGE, 'from');
      return kardex(db, productId, { ...range, from, to });
    },
    integrity: () => checkIntegrity(db),
  };
}

export type StockService = ReturnType<typeof createStockService>;
