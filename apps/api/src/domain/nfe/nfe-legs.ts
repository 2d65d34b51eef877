import { EFFECT_LABELS, type TChosenEffect } from '@armazem/contracts/fiscal-effects';
import type { StockReason } from '../../db/types.ts';
import type { NewLedgerRow } from '../shared/stock-rules.ts';
import { unitCostOf } from './nfe-cost.ts';

/**
 * Pure rules: the ledger rows ("legs") each NF-e item's effect posts (DESIGN.md §6.2, decision 0065). Own goods in or
 * out; a third party's goods with us (`held`) in or out of their position; our goods sent to a third party leave own
 * stock and enter their `sent` position at the cost they left at, and come back the same way. A leg whose cost is
 * another leg's derived cost (the second half of a send or of a return from a third party) is posted after it.
 */

/** One item that moves stock, resolved to a product package, with what its entry costs when it enters own stock. */
export interface StockLine {
  item: number;
  description: string;
  effect: TChosenEffect;
  productId: number;
  productUnityId: number;
  quantity: bigint;
  baseQuantity: bigint;
  /**
   * what the item enters at: own goods at their cost (a purchase, a bonificação, a sale's return); a third party's
   * goods at the note's value (vProd), kept apart from ours for the book and Bloco H; unused for exits
   */
  entryCost: bigint;
}

export type LegStock = 'own' | 'held' | 'sent';
export interface Leg {
  stock: LegStock;
  direction: 'in' | 'out';
  /** the first phase posts with known costs; the second takes the cost the first phase's leg left at */
  phase: 1 | 2;
  /** a transfer's leg at the note's other establishment (both sides are ours); otherwise the note's own */
  place?: 'other';
}

/** Each effect's legs: every effect a single note posts (`postsFromNote`, in the contracts) has its entry here. */
export const EFFECT_LEGS: Partial<Record<TChosenEffect, readonly Leg[]>> = {
  purchase: [{ stock: 'own', direction: 'in', phase: 1 }],
  bonus_in: [{ stock: 'own', direction: 'in', phase: 1 }],
  sale_return: [{ stock: 'own', direction: 'in', phase: 1 }],
  sale: [{ stock: 'own', direction: 'out', phase: 1 }],
  purchase_return: [{ stock: 'own', direction: 'out', phase: 1 }],
  bonus_out: [{ stock: 'own', direction: 'out', phase: 1 }],
  held_in: [{ stock: 'held', direction: 'in', phase: 1 }],
  held_out: [{ stock: 'held', direction: 'out', phase: 1 }],
  sent_out: [
    { stock: 'own', direction: 'out', phase: 1 },
    { stock: 'sent', direction: 'in', phase: 2 },
  ],
  sent_back: [
    { stock: 'sent', direction: 'out', phase: 1 },
    { stock: 'own', direction: 'in', phase: 2 },
  ],
  // between two of our establishments (DESIGN.md §6.3): out of one at its average, into the other at that cost
  transfer_out: [
    { stock: 'own', direction: 'out', phase: 1 },
    { stock: 'own', direction: 'in', phase: 2, place: 'other' },
  ],
  transfer_in: [
    { stock: 'own', direction: 'out', phase: 1, place: 'other' },
    { stock: 'own', direction: 'in', phase: 2 },
  ],
  none: [],
};

/** An exit's reason (the ledger's exits always carry one). */
const EXIT_REASON: Partial<Record<TChosenEffect, StockReason>> = {
  sale: 'venda',
  purchase_return: 'devolucao',
  held_out: 'devolucao',
  sent_back: 'devolucao',
};

export interface LegContext {
  occurredOn: string;
  participantId: number;
  receiptId: number;
  document: string;
  /** the position of a product for held or sent goods of this note's participant */
  positionOf: (productId: number, kind: 'held' | 'sent') => number;
  /** where the note's own establishment keeps what it moves (its default location) */
  locationId: number;
  /** a transfer between our establishments: the other one's default location, and each item's transfer */
  other?: { locationId: number; transferOf: (item: number) => number };
}

/** The row of one leg; `cost` is the entry's total (phase 2: what the phase 1 leg of the same item left at). */
export function legRow(line: StockLine, leg: Leg, context: LegContext, cost: bigint): NewLedgerRow {
  const entry = leg.direction === 'in';
  const total = entry ? cost : null;
  const transferId = isTransfer(line.effect) ? (context.other?.transferOf(line.item) ?? null) : null;
  const locationId = leg.place === 'other' ? (context.other?.locationId ?? null) : context.locationId;
  if (locationId === null) throw new Error('transferência sem o outro estabelecimento');
  return {
    productId: line.productId,
    productUnityId: line.productUnityId,
    positionId: leg.stock === 'own' ? null : context.positionOf(line.productId, leg.stock),
    direction: leg.direction,
    quantity: line.quantity,
    baseQuantity: line.baseQuantity,
    unitCost: total === null ? null : unitCostOf(total, line.quantity),
    totalCost: total,
    occurredOn: context.occurredOn,
    supplierId: context.participantId,
    // a transfer's exit has no reason of its own: its transfer is
    reason: entry || transferId !== null ? null : (EXIT_REASON[line.effect] ?? 'ajuste'),
    document: context.document,
    notes: line.effect === 'purchase' ? null : EFFECT_LABELS[line.effect],
    source: 'nfe',
    stockMovementId: null,
    nfeId: context.receiptId,
    locationId,
    transferId,
  };
}

export const isTransfer = (effect: TChosenEffect) => effect === 'transfer_out' || effect === 'transfer_in';

/** What a note moved of ours, at the cost each item's first leg posted: the third parties' goods are not ours. */
export const ownTotal = (lines: readonly StockLine[], costs: ReadonlyMap<number, bigint>) =>
  lines
    .filter((line) => line.effect !== 'held_in' && line.effect !== 'held_out')
    .reduce((sum, line) => sum + (costs.get(line.item) ?? 0n), 0n);
