import type {
  TBatchDocument,
  TBatchItem,
  TBatchPreview,
  TBatchUnmatched,
} from '@armazem/contracts/document-batches';
import type { TDocumentEffect } from '@armazem/contracts/fiscal-effects';
import { MONEY_SCALE, toScaled } from '@armazem/contracts/decimal';
import { timeSlicer } from '../../lib/time-slices.ts';
import { EFFECT_LEGS } from '../nfe/nfe-public-service.ts';
import { costContextOf } from '../nfe/nfe-public-service.ts';
import { costItems, documentLabel, moneyText, proposeSku, quantityText } from '../nfe/nfe-public-service.ts';
import { applyExit, baseQuantityOf } from '../shared/stock-rules.ts';
import type { Planned, PlannedNote } from './document-plan.ts';

/**
 * How an upload's documents are shown (DESIGN.md §6.4): each with its status and items' effects, the codes no product
 * answers grouped once per (issuer, code, unit), and per effect the quantity and stock value the new ones would move.
 */

/** An item's place among the upload's codes: the note's issuer, its code, its unit. */
export const codeKey = (issuer: string, code: string, unit: string) => `${issuer}\u0000${code}\u0000${unit}`;

/** Each establishment's balance of a product (quantity and value), for the exits' value at today's average. */
export type Balances = ReadonlyMap<string, { quantity: bigint; totalValue: bigint }>;
export const balanceKey = (productId: number, establishmentId: number) => `${productId}:${establishmentId}`;

function itemsOf(planned: PlannedNote, balances: Balances): TBatchItem[] {
  const { doc, context } = planned;
  if (!context) return [];
  const costs = new Map(costItems(doc, costContextOf(context)).map((c) => [c.item, c.cost]));
  return doc.items.map((item) => {
    const effect: TDocumentEffect = context.effects.get(item.item) ?? 'ask';
    const match = context.matches.get(item.item) ?? null;
    const unity = match ? context.unities.get(match.productUnityId) : undefined;
    const legs = effect === 'ask' ? [] : (EFFECT_LEGS[effect] ?? []);
    let value = 0n;
    if (legs[0]?.direction === 'in') value = costs.get(item.item) ?? 0n;
    else if (legs[0] && unity && context.places) {
      const base = baseQuantityOf(unity, item.quantity);
      const balance = balances.get(balanceKey(unity.productId, context.places.ours.id));
      const exit = base.ok && balance ? applyExit(balance, base.baseQuantity) : null;
      value = exit?.ok ? exit.totalCost : 0n;
    }
    return {
      item: item.item,
      code: item.supplierCode,
      gtin: item.gtin,
      description: item.description,
      cfop: item.cfop,
      unit: item.unit,
      quantity: quantityText(item.quantity),
      effect,
      product: unity ? { id: unity.product.id, sku: unity.product.sku, name: unity.product.name } : null,
      productUnityId: unity ? unity.id : null,
      value: moneyText(value),
    };
  });
}

const noteParticipant = (planned: PlannedNote) => {
  const party = planned.context?.counterpart ?? planned.doc.emitter;
  return { document: party.document, name: party.name };
};

export function documentView(planned: Planned, balances: Balances): TBatchDocument {
  const base = { file: planned.read.file, status: planned.status, reason: planned.reason, warnings: [] };
  if (planned.kind === 'error')
    return {
      ...base,
      kind: 'note',
      ...{ accessKey: null, model: null, number: null, series: null, direction: null },
      ...{ participant: null, establishment: null, issuedAt: null, issuedOn: null, invoiceTotal: null },
      items: [],
      cancels: null,
    };
  if (planned.kind === 'event') {
    const { event } = planned;
    return {
      ...base,
      kind: 'event',
      ...{ accessKey: event.accessKey, model: event.accessKey.slice(20, 22), number: null, series: null },
      ...{ direction: null, participant: null, establishment: null },
      ...{ issuedAt: event.registeredAt, issuedOn: event.registeredAt.slice(0, 10), invoiceTotal: null },
      items: [],
      cancels: planned.cancels,
    };
  }
  const { doc, context } = planned;
  const ours = context?.places?.ours;
  return {
    ...base,
    kind: 'note',
    ...{ accessKey: doc.accessKey, model: doc.model, number: doc.number, series: doc.series },
    direction: typeof context?.side === 'string' ? context.side : null,
    participant: noteParticipant(planned),
    establishment: ours ? { id: ours.id, name: ours.name } : null,
    ...{ issuedAt: doc.issuedAt, issuedOn: doc.issuedOn, invoiceTotal: moneyText(doc.totals.invoice) },
    items: itemsOf(planned, balances),
    cancels: null,
    warnings: [...(context?.conflicts.values() ?? [])].map((conflict) => conflict.message),
  };
}

/** The label a refusal names a document by ("NFC-e 12/1"). */
export const labelOf = (planned: PlannedNote) =>
  documentLabel(planned.doc.number, planned.doc.series, planned.doc.model);

/** The new notes' items no product answers, once per (issuer, code, unit), with how often they occur. */
function unmatchedOf(planned: readonly Planned[], views: readonly TBatchDocument[]): TBatchUnmatched[] {
  const groups = new Map<string, TBatchUnmatched & { total: bigint }>();
  const taken = new Set<string>();
  planned.forEach((p, index) => {
    if (p.kind !== 'note' || p.status !== 'new') return;
    for (const item of views[index]?.items ?? []) {
      if (item.product || item.effect === 'none') continue;
      const issuer = p.doc.emitter.document;
      const key = codeKey(issuer, item.code, item.unit);
      const quantity = p.doc.items.find((i) => i.item === item.item)?.quantity ?? 0n;
      const group = groups.get(key);
      if (group) {
        group.occurrences += 1;
        group.total += quantity;
        continue;
      }
      const suggestedSku = proposeSku(item.code, taken);
      taken.add(suggestedSku);
      groups.set(key, {
        ...{ issuer, issuerName: p.doc.emitter.name, code: item.code, unit: item.unit },
        ...{ description: item.description, gtin: item.gtin, occurrences: 1, quantity: '0', suggestedSku },
        total: quantity,
      });
    }
  });
  return [...groups.values()].map(({ total, ...group }) => ({ ...group, quantity: quantityText(total) }));
}

/** Per effect, what the new notes would move: quantity (in the notes' units) and stock value. */
function totalsOf(planned: readonly Planned[], views: readonly TBatchDocument[]) {
  const totals = new Map<TDocumentEffect, { quantity: bigint; value: bigint }>();
  planned.forEach((p, index) => {
    if (p.kind !== 'note' || p.status !== 'new') return;
    for (const item of views[index]?.items ?? []) {
      const sum = totals.get(item.effect) ?? { quantity: 0n, value: 0n };
      sum.quantity += p.doc.items.find((i) => i.item === item.item)?.quantity ?? 0n;
      sum.value += toScaled(item.value, MONEY_SCALE);
      totals.set(item.effect, sum);
    }
  });
  return [...totals].map(([effect, sum]) => ({
    effect,
    quantity: quantityText(sum.quantity),
    value: moneyText(sum.value),
  }));
}

/** The preview of an upload; the views are built in slices, the server answering others between them. */
export async function previewOf(planned: readonly Planned[], balances: Balances): Promise<TBatchPreview> {
  const documents: TBatchDocument[] = [];
  const pause = timeSlicer();
  for (const p of planned) {
    documents.push(documentView(p, balances));
    await pause();
  }
  const counts: Record<string, number> = {};
  for (const doc of documents) counts[doc.status] = (counts[doc.status] ?? 0) + 1;
  return {
    documents,
    unmatched: unmatchedOf(planned, documents),
    totals: totalsOf(planned, documents),
    counts,
  };
}
