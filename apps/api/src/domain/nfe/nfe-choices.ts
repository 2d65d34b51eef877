import type { z } from 'zod/mini';
import type { ZNfeImportData } from '@armazem/contracts/nfe';
import type { TChosenEffect } from '@armazem/contracts/fiscal-effects';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { unprocessable } from '../../lib/uploads/xml-tree.ts';
import {
  alreadyImportedMessage,
  cancelledMessage,
  documentLabel,
  NO_PARTICIPANT,
  UNAUTHORIZED_REFUSAL,
} from './nfe-rules.ts';
import type { NoteContext } from './nfe-context.ts';
import type { NfeDocument } from './nfe-reader.ts';
import { decidedEffect, movesStock } from './nfe-effects.ts';
import { unconfirmedPackagesMessage } from './nfe-package-rules.ts';

/** The person's choices of a note's import: one per item at most, the effects decided, the products resolved. */

export type ImportData = z.output<typeof ZNfeImportData>;
export type Choice = ImportData['items'][number];

/** Where a note's item is chosen in the request body (`items.3` is the fourth choice), for an issue's path. */
export const choicePaths = (choices: readonly Choice[]) =>
  new Map(choices.map((choice, index) => [choice.item, `items.${index}`]));

/** Each item's one choice, at most. */
export function choicesByItem(doc: NfeDocument, choices: readonly Choice[]): Map<number, Choice> {
  const known = new Set(doc.items.map((item) => item.item));
  const byItem = new Map<number, Choice>();
  for (const choice of choices) {
    if (!known.has(choice.item)) throw badRequest(`A nota não tem o item ${choice.item}.`, 'items');
    if (byItem.has(choice.item))
      throw badRequest(`O item ${choice.item} foi informado mais de uma vez.`, 'items');
    byItem.set(choice.item, choice);
  }
  return byItem;
}

/** The effect of every item (the table's, or the person's for an `ask` one). */
export function decideEffects(doc: NfeDocument, context: NoteContext, byItem: Map<number, Choice>) {
  return new Map<number, TChosenEffect>(
    doc.items.map((item) => [
      item.item,
      decidedEffect(
        item,
        context.effects.get(item.item) ?? 'ask',
        byItem.get(item.item)?.effect,
        context.places?.other !== null && context.places?.other !== undefined,
      ),
    ]),
  );
}

/** Every item that moves stock resolved to a product; the unresolved ones are named. */
export function checkResolved(
  doc: NfeDocument,
  byItem: Map<number, Choice>,
  effects: Map<number, TChosenEffect>,
) {
  const missing = doc.items
    .filter((item) => movesStock(effects.get(item.item) ?? 'none'))
    .filter((item) => {
      const choice = byItem.get(item.item);
      return !choice || !('create' in choice || 'productId' in choice);
    })
    .map((item) => item.item);
  if (missing.length > 0) {
    const list =
      missing.length > 20
        ? `${missing.slice(0, 20).join(', ')} e outros ${missing.length - 20}`
        : missing.join(', ');
    throw new AppError(
      'UNPROCESSABLE',
      `Escolha o produto de cada item antes de importar. Sem produto: ${missing.length === 1 ? 'item' : 'itens'} ${list}.`,
      {
        details: { unresolved: missing },
      },
    );
  }
}

/**
 * Items whose note contradicts the matched package (docs/decisions/0062) go in only with the person's word: the
 * matched package confirmed (`confirmPackage`), or another package or a new product chosen.
 */
export function checkPackages(
  context: NoteContext,
  byItem: Map<number, Choice>,
  effects: Map<number, TChosenEffect>,
) {
  const unconfirmed = [...context.conflicts.keys()].filter((item) => {
    const choice = byItem.get(item);
    const match = context.matches.get(item);
    if (!choice || !match || !movesStock(effects.get(item) ?? 'none') || !('productId' in choice))
      return false;
    return choice.productUnityId === match.productUnityId && choice.confirmPackage !== true;
  });
  if (unconfirmed.length > 0) {
    throw new AppError('UNPROCESSABLE', unconfirmedPackagesMessage(unconfirmed), {
      details: { unconfirmedPackages: unconfirmed },
    });
  }
}

/** The note's own refusals, before anything is written; answers the note's participant. */
export function checkNote(request: { doc: NfeDocument; data: ImportData }, context: NoteContext) {
  const { doc, data } = request;
  if (typeof context.side !== 'string') throw unprocessable(context.side.problem);
  if (!context.counterpart) throw unprocessable(NO_PARTICIPANT);
  if (!doc.authorized && !data.acceptUnauthorized) throw unprocessable(UNAUTHORIZED_REFUSAL);
  if (context.alreadyImported) throw conflict(alreadyImportedMessage(doc.number, doc.series));
  if (context.cancelled)
    throw unprocessable(cancelledMessage(documentLabel(doc.number, doc.series, doc.model)));
  return context.counterpart;
}
