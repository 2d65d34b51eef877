import {
  EFFECT_LABELS,
  EFFECT_POSITION,
  effectOf,
  normalizeCfop,
  postsFromNote,
  TRANSFER_OUTSIDE,
  type TChosenEffect,
  type TDocumentEffect,
} from '@armazem/contracts/fiscal-effects';
import { formatDocument } from '@armazem/contracts/documents';
import type { NfeDocument } from './nfe-reader.ts';
import type { CostedItem } from './nfe-rules.ts';
import { moneyText } from './nfe-rules.ts';
import { unprocessable } from '../../lib/uploads/xml-tree.ts';

/** Pure rules: whose note this is, and what each of its items does to the stock (DESIGN.md §6.2). */

export const BUSINESS_DOCUMENT_REQUIRED =
  'Informe o CNPJ da empresa em Configurações antes de importar notas fiscais: é por ele que o Armazém sabe se a nota é desta empresa.';

export type NoteSide = 'received' | 'issued';

/** One of the business's establishments as a note names it: its CNPJ and where its stock goes. */
export interface OurEstablishment {
  id: number;
  name: string;
  document: string;
  defaultLocationId: number;
}

/**
 * Whose note it is (DESIGN.md §6.3): received when its destination is one of our establishments, issued when its
 * emitter is (a note from an establishment to itself, the same CNPJ on both sides, is one it issued); between two of
 * our establishments, issued by one and `other` is the other. `ours` is the establishment the note belongs to.
 */
export interface NoteSides {
  side: NoteSide;
  ours: OurEstablishment;
  other: OurEstablishment | null;
}

export function sideOf(
  doc: NfeDocument,
  establishments: readonly OurEstablishment[],
): NoteSides | { problem: string } {
  const find = (document: string | null) =>
    document ? (establishments.find((e) => e.document === document) ?? null) : null;
  const emitter = find(doc.emitter.document);
  const destination = find(doc.destination.document);
  if (emitter) {
    const other = destination && destination.id !== emitter.id ? destination : null;
    return { side: 'issued', ours: emitter, other };
  }
  if (destination) return { side: 'received', ours: destination, other: null };
  const own = establishments[0]?.document ?? '';
  if (!doc.destination.document) {
    return {
      problem: `A nota não informa o destinatário: esta empresa (${formatDocument(own)}) só importa notas destinadas a ela ou emitidas por ela.`,
    };
  }
  const others = establishments.length > 1 ? ' nem de seus estabelecimentos' : '';
  return {
    problem: `A nota é destinada a ${formatDocument(doc.destination.document)}, não ao documento desta empresa (${formatDocument(own)})${others}.`,
  };
}

/** Each item's effect by the table of the contracts and the admin's overrides. */
export function itemEffects(
  doc: NfeDocument,
  side: NoteSide,
  overrides: Readonly<Record<string, TChosenEffect>>,
): Map<number, TDocumentEffect> {
  return new Map(
    doc.items.map((item) => [
      item.item,
      effectOf({
        issuedByUs: side === 'issued',
        tpNF: doc.tpNF,
        finNFe: doc.finNFe,
        cfop: item.cfop,
        overrides,
      }),
    ]),
  );
}

const cfopLabel = (cfop: string | null) => {
  const digits = normalizeCfop(cfop);
  return digits ? `${digits[0]}.${digits.slice(1)}` : (cfop ?? 'sem CFOP');
};

/**
 * The effect an item is imported with: the table's, or the person's choice for an `ask` item. A choice for an item
 * whose effect the table decides is refused (the override per CFOP lives in settings), and so is an effect that
 * this import cannot post yet: never a silent purchase.
 */
export function decidedEffect(
  item: { item: number; cfop: string | null; description: string },
  effect: TDocumentEffect,
  chosen: TChosenEffect | undefined,
  betweenOurEstablishments = false,
): TChosenEffect {
  if (effect === 'ask' && chosen === undefined) {
    throw unprocessable(
      `O item ${item.item} (CFOP ${cfopLabel(item.cfop)}) precisa que você escolha o efeito no estoque antes de importar.`,
    );
  }
  if (effect !== 'ask' && chosen !== undefined && chosen !== effect) {
    throw unprocessable(
      `O efeito do item ${item.item} vem do CFOP ${cfopLabel(item.cfop)} (${EFFECT_LABELS[effect]}): para mudá-lo, altere o efeito desse CFOP em Configurações.`,
    );
  }
  const decided = effect === 'ask' ? chosen! : effect;
  if (!postsFromNote(decided, betweenOurEstablishments)) {
    throw unprocessable(
      `O item ${item.item} (${item.description}, CFOP ${cfopLabel(item.cfop)}) é "${EFFECT_LABELS[decided]}": ${TRANSFER_OUTSIDE}`,
    );
  }
  return decided;
}

/** Whether an effect moves stock (needs a product) and which position it moves. */
export const movesStock = (effect: TDocumentEffect) => EFFECT_POSITION[effect] !== null;

/** An item's fiscal reading as the preview shows it and the receipt keeps it: CFOP, CSTs and the credits taken. */
export function fiscalOf(item: NfeDocument['items'][number], costed: CostedItem | undefined) {
  const credits = costed?.credits ?? { icms: 0n, pis: 0n, cofins: 0n, ipi: 0n };
  return {
    cfop: item.cfop,
    cst: { icms: item.icmsCode, pis: item.pisCode, cofins: item.cofinsCode },
    credits: {
      icms: moneyText(credits.icms),
      pis: moneyText(credits.pis),
      cofins: moneyText(credits.cofins),
      ipi: moneyText(credits.ipi),
    },
  };
}

/** The items that move no stock, kept with the receipt as the preview showed them. */
export function otherItemsOf(
  doc: NfeDocument,
  effects: Map<number, TChosenEffect>,
  costs: Map<number, CostedItem>,
  adjustments: ReadonlyArray<{ item: number; productId: number; complement: bigint; value: bigint }> = [],
) {
  const adjusted = new Map(adjustments.map((a) => [a.item, a]));
  const others = doc.items
    .filter((item) => !movesStock(effects.get(item.item) ?? 'none'))
    .map((item) => {
      const adjustment = adjusted.get(item.item);
      return {
        item: item.item,
        description: item.description,
        effect: effects.get(item.item) ?? 'none',
        ...fiscalOf(item, costs.get(item.item)),
        // a price complement: what entered the stock's value, and what went to the goods already sold
        ...(adjustment && {
          costAdjustment: {
            productId: adjustment.productId,
            toStock: moneyText(adjustment.value),
            toCostOfSales: moneyText(adjustment.complement - adjustment.value),
          },
        }),
      };
    });
  return others.length > 0 ? JSON.stringify(others) : null;
}

/**
 * What an item's entry costs: a purchase at its cost by the regime; a bonificação at zero (units that dilute the
 * average) or at the note's value, as the settings say.
 */
export function entryCost(effect: TChosenEffect, cost: bigint, bonusValuation: 'zero' | 'invoice'): bigint {
  return effect === 'bonus_in' && bonusValuation === 'zero' ? 0n : cost;
}

/** The items that move stock, in file order. */
export const stockItems = (input: { doc: NfeDocument; effects: Map<number, TChosenEffect> }) =>
  input.doc.items.filter((item) => movesStock(input.effects.get(item.item) ?? 'none'));
