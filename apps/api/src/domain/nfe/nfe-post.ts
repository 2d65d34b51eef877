import type { Tx } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import type { AuditEntry } from '../../lib/audit.ts';
import { post } from '../stock/stock-public-service.ts';
import { positionFor } from '../stock/stock-public-service.ts';
import { accountOf } from '../stock/stock-public-service.ts';
import { EFFECT_LEGS, isTransfer, legRow, type Leg, type LegContext, type StockLine } from './nfe-legs.ts';
import { placeRows } from '../stock/stock-public-service.ts';

/**
 * Posts a note's lines through the one pipeline, in two phases (decision 0065): first every leg whose cost is known
 * (entries at their cost, exits at the average the pipeline derives), then the legs that take the cost a first-phase
 * leg left at (our goods entering a third party's `sent` position, or coming back from it into own stock).
 * Returns each item's cost as its first leg posted it (an exit's derived cost, an entry's own).
 */
export async function postLines(
  tx: Tx,
  dialect: Dialect,
  args: {
    userId: number;
    today: string;
    lines: readonly StockLine[];
    context: Omit<LegContext, 'positionOf' | 'other'>;
    /** a note between two of our establishments: the other one's default location */
    otherLocationId: number | null;
    audit: Omit<AuditEntry, 'userId'>;
  },
): Promise<Map<number, bigint>> {
  const { lines, userId, today } = args;
  const now = nowIso();
  const positions = new Map<string, number>();
  for (const line of lines) {
    for (const leg of EFFECT_LEGS[line.effect] ?? []) {
      const key = `${line.productId}:${leg.stock}`;
      if (leg.stock === 'own' || positions.has(key)) continue;
      const participantId = args.context.participantId;
      positions.set(
        key,
        await positionFor(tx, { productId: line.productId, kind: leg.stock, participantId }, now),
      );
    }
  }
  const transfers = await transfersOf(tx, lines, args, now);
  const context: LegContext = {
    ...args.context,
    ...(args.otherLocationId
      ? {
          other: {
            locationId: args.otherLocationId,
            transferOf: (item: number) => transfers.get(item) ?? 0,
          },
        }
      : {}),
    positionOf: (productId, kind) => {
      const id = positions.get(`${productId}:${kind}`);
      if (id === undefined) throw new Error(`posição ${kind} do produto ${productId} não encontrada`);
      return id;
    },
  };
  const legs = (phase: Leg['phase']) =>
    lines.flatMap((line) =>
      (EFFECT_LEGS[line.effect] ?? []).filter((leg) => leg.phase === phase).map((leg) => ({ line, leg })),
    );
  const costs = new Map<number, bigint>();
  const first = legs(1);
  const second = legs(2);
  const posted = await post(tx, dialect, {
    userId,
    today,
    add: first.map(({ line, leg }) => legRow(line, leg, context, line.entryCost)),
    audit: args.audit,
    // the second phase's accounts are locked with the first's, in the one order
    lockAlso: (
      await placeRows(
        tx,
        second.map(({ line, leg }) => legRow(line, leg, context, 0n)),
        userId,
        now,
      )
    ).rows.map(accountOf),
  });
  for (const [i, { line }] of first.entries()) costs.set(line.item, posted[i]?.derived.totalCost ?? 0n);
  if (second.length > 0) {
    await post(tx, dialect, {
      userId,
      today,
      add: second.map(({ line, leg }) => legRow(line, leg, context, costs.get(line.item) ?? 0n)),
      audit: null, // the first phase recorded the import
    });
  }
  return costs;
}

/**
 * A note between two of our establishments: each transfer item is a transfer (DESIGN.md §6.3), recorded like a typed
 * one (from, to, quantity) so that its two rows name it; undone with the note.
 */
async function transfersOf(
  tx: Tx,
  lines: readonly StockLine[],
  args: { userId: number; context: Omit<LegContext, 'positionOf' | 'other'>; otherLocationId: number | null },
  now: string,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const { otherLocationId } = args;
  if (otherLocationId === null) return out;
  for (const line of lines.filter((l) => isTransfer(l.effect))) {
    const [from, to] =
      line.effect === 'transfer_out'
        ? [args.context.locationId, otherLocationId]
        : [otherLocationId, args.context.locationId];
    const { id } = await tx
      .insertInto('stock_transfers')
      .values({
        product_id: line.productId,
        product_unity_id: line.productUnityId,
        quantity: line.quantity.toString(),
        base_quantity: line.baseQuantity.toString(),
        from_location_id: from,
        to_location_id: to,
        occurred_on: args.context.occurredOn,
        document: args.context.document,
        notes: null,
        created_by: args.userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    out.set(line.item, id);
  }
  return out;
}
