import type { TTransfer, ZNewTransfer } from '@armazem/contracts/stock';
import type { z } from 'zod/mini';
import { nowIso, type Tx } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { transferRows } from './ledger-repository.ts';
import { post, type NewLedgerRow } from './posting-pipeline.ts';
import { baseQuantityOf } from '../shared/stock-rules.ts';
import { accountOf } from './stock-accounts.ts';
import { establishmentStockFor, placesOf, type PlaceOfLocation } from './location-stock.ts';
import { movementContext, postedEntry, type StockServiceDeps } from './stock-service.ts';

/**
 * Transfers between locations (DESIGN.md §6.3, decision 0068), through the one posting pipeline in one transaction.
 * Inside one establishment: a pair of rows that changes none of its figures, the value moved at its average. Between
 * establishments: an exit at the origin's average (§2's exit rule on its running figures), then an entry at the
 * destination at exactly that cost, both accounts locked together in the one fixed order.
 */

type NewTransfer = z.output<typeof ZNewTransfer>;
type Author = { id: number; name: string };

async function endsOf(tx: Tx, input: NewTransfer) {
  if (input.fromLocationId === input.toLocationId)
    throw badRequest('Escolha depósitos diferentes para a origem e o destino.', 'toLocationId');
  const places = await placesOf(tx, [input.fromLocationId, input.toLocationId]);
  const from = places.get(input.fromLocationId);
  const to = places.get(input.toLocationId);
  if (!from) throw badRequest('Depósito de origem não encontrado.', 'fromLocationId');
  if (!to) throw badRequest('Depósito de destino não encontrado.', 'toLocationId');
  for (const end of [from, to]) if (!end.active) throw conflict(`O depósito ${end.name} está inativo.`);
  return { from, to };
}

type Common = { userId: number; today: string; now: string };
type Sides = { out: NewLedgerRow; in: NewLedgerRow };
type Ends = { from: PlaceOfLocation; to: PlaceOfLocation };

/**
 * Posts both rows: inside one establishment in one posting; between two, the exit first (both accounts locked now, in
 * the one order) and the entry at the cost the exit left at.
 */
async function postBoth(tx: Tx, dialect: Dialect, rows: Sides, ends: Ends, common: Common, after: object) {
  const audit = { action: 'create', entity: 'stock_transfer', entityId: rows.out.transferId ?? null, after };
  if (ends.from.establishmentId === ends.to.establishmentId) {
    const [out, into] = await post(tx, dialect, { ...common, add: [rows.out, rows.in], audit });
    if (!out || !into) throw new Error('the pipeline wrote no row');
    return [out, into] as const;
  }
  const productId = rows.in.productId;
  const branch = ends.to.first
    ? null
    : await establishmentStockFor(tx, productId, ends.to.establishmentId, common.now);
  const lockAlso = [accountOf({ productId, establishmentStockId: branch })];
  const [out] = await post(tx, dialect, { ...common, add: [rows.out], audit, lockAlso });
  if (!out) throw new Error('the pipeline wrote no row');
  const entry = { ...rows.in, totalCost: out.derived.totalCost, unitCost: out.derived.unitCost };
  const [into] = await post(tx, dialect, { ...common, add: [entry], audit: null });
  if (!into) throw new Error('the pipeline wrote no row');
  return [out, into] as const;
}

/** The transfer's record: what was asked, kept beside its two rows. */
async function insertTransfer(
  tx: Tx,
  input: NewTransfer,
  base: bigint,
  occurredOn: string,
  userId: number,
  now: string,
) {
  const { id } = await tx
    .insertInto('stock_transfers')
    .values({
      product_id: input.productId,
      product_unity_id: input.productUnityId,
      quantity: input.quantity.toString(),
      base_quantity: base.toString(),
      from_location_id: input.fromLocationId,
      to_location_id: input.toLocationId,
      occurred_on: occurredOn,
      document: input.document ?? null,
      notes: input.notes ?? null,
      created_by: userId,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The transfer's two rows: a pair that moves no value inside one establishment, an exit and an entry between two. */
function sidesOf(
  input: NewTransfer,
  base: bigint,
  occurredOn: string,
  ends: Ends,
  transferId: number,
): Sides {
  const move = ends.from.establishmentId === ends.to.establishmentId;
  const side = (direction: 'in' | 'out', locationId: number): NewLedgerRow => ({
    productId: input.productId,
    productUnityId: input.productUnityId,
    direction,
    quantity: input.quantity,
    baseQuantity: base,
    unitCost: null,
    occurredOn,
    supplierId: null,
    reason: null,
    document: input.document ?? null,
    notes: input.notes ?? null,
    source: 'transfer',
    stockMovementId: null,
    locationId,
    transferId,
    move,
  });
  return { out: side('out', ends.from.id), in: side('in', ends.to.id) };
}

export function createTransfersService({ db, dialect, clock, events }: StockServiceDeps) {
  return {
    async transfer(user: Author, input: NewTransfer): Promise<TTransfer> {
      const today = clock.today();
      const context = await movementContext(db, input.productId, input.productUnityId);
      const base = baseQuantityOf(context.unity, input.quantity);
      if (!base.ok) throw badRequest(base.message, 'quantity');
      const occurredOn = input.occurredOn ?? today;
      const answer = await db.transaction().execute(async (tx) => {
        const ends = await endsOf(tx, input);
        const now = nowIso();
        const id = await insertTransfer(tx, input, base.baseQuantity, occurredOn, user.id, now);
        const rows = sidesOf(input, base.baseQuantity, occurredOn, ends, id);
        const after = { ...input, from: ends.from.name, to: ends.to.name, occurredOn };
        const [out, into] = await postBoth(tx, dialect, rows, ends, { userId: user.id, today, now }, after);
        return {
          id,
          out: postedEntry(rows.out, out, context, null, user, now),
          in: postedEntry(rows.in, into, context, null, user, now),
        };
      });
      events.publish('stock', [input.productId]);
      return answer;
    },

    /** Undoes a transfer: both rows cancelled at once, refused when either place would go below zero on a date. */
    async cancel(userId: number, id: number, reason: string): Promise<TTransfer> {
      await db.transaction().execute(async (tx) => {
        const rows = await tx
          .selectFrom('stock_ledger')
          .select(['id', 'cancelled_at', 'source'])
          .where('transfer_id', '=', id)
          .execute();
        if (rows.length === 0) throw notFound('Transferência não encontrada.');
        if (rows.some((row) => row.source === 'nfe'))
          throw conflict(
            'Esta transferência veio de uma NF-e: desfaça a importação da nota em Notas fiscais.',
          );
        if (rows.some((row) => row.cancelled_at !== null))
          throw conflict('Esta transferência já foi cancelada.');
        await post(tx, dialect, {
          userId,
          today: clock.today(),
          cancel: { ids: rows.map((row) => Number(row.id)), reason },
          audit: { action: 'cancel', entity: 'stock_transfer', entityId: id, after: { reason } },
        });
      });
      const [out, into] = await transferRows(db, id);
      if (!out || !into) throw notFound('Transferência não encontrada.');
      events.publish('stock', [out.product.id]);
      return { id, out, in: into };
    },
  };
}

export type TransfersService = ReturnType<typeof createTransfersService>;
