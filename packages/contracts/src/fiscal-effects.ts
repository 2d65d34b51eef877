import { z } from 'zod/mini';

/**
 * What an item of a fiscal document does to the stock (DESIGN.md §6.2). The effect comes from who issued the note
 * (a third party, or the business itself), tpNF, finNFe and the item's CFOP, through `effectOf` below: the one
 * table, printed in the user guide and overridable per CFOP by an admin. Sources of each row: the facts file
 * `fiscal-documents-facts.md` §1.2–1.3 (docs/decisions/0060-document-effects.md cites the line of each rule).
 */
/** The effects a person may choose for an `ask` item or an override (every effect but `ask` itself). */
export const CHOSEN_EFFECTS = [
  'purchase',
  'sale',
  'sale_return',
  'purchase_return',
  'bonus_in',
  'bonus_out',
  'held_in',
  'held_out',
  'sent_out',
  'sent_back',
  'transfer_out',
  'transfer_in',
  'none',
] as const;
export type TChosenEffect = (typeof CHOSEN_EFFECTS)[number];
export const DOCUMENT_EFFECTS = [...CHOSEN_EFFECTS, 'ask'] as const;
export type TDocumentEffect = (typeof DOCUMENT_EFFECTS)[number];

export const ZDocumentEffect = z.enum(DOCUMENT_EFFECTS, { error: 'Efeito inválido.' });
export const ZChosenEffect = z.enum(CHOSEN_EFFECTS, {
  error: `Efeito inválido: use ${CHOSEN_EFFECTS.join(', ')}.`,
});

export const EFFECT_LABELS: Record<TDocumentEffect, string> = {
  purchase: 'Compra',
  sale: 'Venda',
  sale_return: 'Devolução de venda',
  purchase_return: 'Devolução de compra',
  bonus_in: 'Bonificação recebida',
  bonus_out: 'Bonificação, brinde ou doação dada',
  held_in: 'Mercadoria de terceiro recebida',
  held_out: 'Mercadoria de terceiro devolvida',
  sent_out: 'Mercadoria nossa enviada a terceiro',
  sent_back: 'Mercadoria nossa de volta de terceiro',
  transfer_out: 'Transferência enviada',
  transfer_in: 'Transferência recebida',
  none: 'Sem efeito no estoque',
  ask: 'Decidir na importação',
};

/** Which stock an effect moves: own goods, goods of a third party with us (held), ours with a third party (sent). */
export type TStockPosition = 'own' | 'held' | 'sent';
export const EFFECT_POSITION: Record<TDocumentEffect, TStockPosition | null> = {
  purchase: 'own',
  sale: 'own',
  sale_return: 'own',
  purchase_return: 'own',
  bonus_in: 'own',
  bonus_out: 'own',
  held_in: 'held',
  held_out: 'held',
  sent_out: 'sent',
  sent_back: 'sent',
  transfer_out: 'own',
  transfer_in: 'own',
  none: null,
  ask: null,
};
/**
 * Whether an NF-e import posts this effect: every decided one; a transfer only when the note is between two of the
 * business's establishments (then its one import posts both sides, DESIGN.md §6.3).
 */
export const postsFromNote = (effect: TDocumentEffect, betweenOurEstablishments = false) =>
  effect !== 'ask' && (betweenOurEstablishments || (effect !== 'transfer_in' && effect !== 'transfer_out'));

/** Why a transfer item is refused on a note that is not between two of the business's establishments. */
export const TRANSFER_OUTSIDE =
  'a transferência só é lançada em nota entre dois estabelecimentos desta empresa (cadastre o outro em Configurações → Estabelecimentos e depósitos).';

/** in: adds to its position; out: takes from it; null: moves nothing. */
export const EFFECT_DIRECTION: Record<TDocumentEffect, 'in' | 'out' | null> = {
  purchase: 'in',
  sale: 'out',
  sale_return: 'in',
  purchase_return: 'out',
  bonus_in: 'in',
  bonus_out: 'out',
  held_in: 'in',
  held_out: 'out',
  sent_out: 'out',
  sent_back: 'in',
  transfer_out: 'out',
  transfer_in: 'in',
  none: null,
  ask: null,
};

type Row = readonly [operations: string, thirdParty: TDocumentEffect, issuedByUs: TDocumentEffect];

/**
 * The operation of a CFOP is its last three digits; its first digit says entry (1–3) or exit (5–7) from the
 * emitter's point of view. Exits: what a third party's exit note means to us (we are its destination), and what
 * our own exit note means. Entries: a third party's entry note naming us, and our own entry note.
 */
const EXITS: readonly Row[] = [
  // sales of production and of goods bought for resale, ST sales, future delivery, to non-taxpayers (§1.3)
  ['101 102 103 104 105 106 107 108 109 110 116 117 118 119 120 122 123', 'purchase', 'sale'],
  ['401 402 403 405 651 652 653 654 655 656 667', 'purchase', 'sale'],
  // consignment billing and sale of consigned goods: which position ends depends on the contract (§1.3)
  ['111 112 113 114 115', 'ask', 'ask'],
  // industrialisation charged: the processor's bill of the value added (§1.3)
  ['124 125', 'ask', 'ask'],
  // transfers between establishments (§1.3, §7)
  ['151 152 153 155 156 408 409', 'ask', 'transfer_out'],
  // returns of purchases: a third party's is a customer returning what it bought from us (§1.3)
  ['201 202 208 209 210 410 411 412 413', 'sale_return', 'purchase_return'],
  // assets and use/consumption: not inventory (§1.3)
  ['551 552 553 554 555 556 557', 'none', 'none'],
  // remessas: industrialisation, depósito, consignment, repair, demonstration, containers (§1.3)
  ['901 905 912 915 917 920', 'held_in', 'sent_out'],
  ['902 903 906 913 916 918 921', 'sent_back', 'held_out'],
  // symbolic returns: no goods move (§1.3: 1.907 "carries no goods"; 5.919 consignment sold)
  ['907', 'none', 'none'],
  ['919', 'ask', 'ask'],
  // bonificação, doação, brinde, amostra grátis (§1.3)
  ['910 911', 'bonus_in', 'bonus_out'],
  // simples faturamento for future delivery, sale already covered by a retail receipt, services (§1.3)
  ['922 929 933', 'none', 'none'],
  // loss, theft, deterioration: own stock out at cost, which the person confirms (§1.3)
  ['927', 'none', 'ask'],
  // outras saídas não especificadas: never booked without a person (§1.3)
  ['949', 'ask', 'ask'],
];

const ENTRIES: readonly Row[] = [
  // purchases for resale, for industrialisation, imports, ST purchases (§1.3); a third party's entry note for
  // what it bought from us is our sale
  ['101 102 111 113 116 117 118 120 121 122 124 125 126 401 403', 'sale', 'purchase'],
  // sales returns received (§1.3): a third party's entry note for a return is goods going back to it
  ['201 202 203 204 208 209 410 411', 'purchase_return', 'sale_return'],
  ['151 152 153 155 156 408 409', 'ask', 'transfer_in'],
  ['406 407 551 552 553 554 555 556 557', 'none', 'none'],
  ['901 905 912 915 917 920', 'sent_out', 'held_in'],
  ['902 903 906 913 916 918 921', 'held_out', 'sent_back'],
  ['907', 'none', 'none'],
  ['919', 'ask', 'ask'],
  ['910 911', 'bonus_out', 'bonus_in'],
  ['922 933', 'none', 'none'],
  ['949', 'ask', 'ask'],
];

function tableOf(rows: readonly Row[]) {
  const table = new Map<string, { thirdParty: TDocumentEffect; issuedByUs: TDocumentEffect }>();
  for (const [operations, thirdParty, issuedByUs] of rows) {
    for (const operation of operations.split(' ')) table.set(operation, { thirdParty, issuedByUs });
  }
  return table;
}
const EXIT_TABLE = tableOf(EXITS);
const ENTRY_TABLE = tableOf(ENTRIES);

export interface EffectInput {
  /** the business issued the note (its emitter is one of our establishments) */
  issuedByUs: boolean;
  /** ide/tpNF: 0 entry, 1 exit, from the emitter's point of view */
  tpNF: string;
  /** ide/finNFe: 1 normal, 2 complementar, 3 ajuste, 4 devolução (5, 6: tax reform credit/debit notes) */
  finNFe: string;
  /** the item's CFOP, four digits */
  cfop: string | null;
  /** an admin's override per CFOP (four digits, as written in the note) */
  overrides?: Readonly<Record<string, TChosenEffect>>;
}

/** The CFOP as four digits (`5.102` and `5102` alike), or null. */
export function normalizeCfop(cfop: string | null): string | null {
  const digits = (cfop ?? '').replace(/\./g, '');
  return /^[1235-7][0-9]{3}$/.test(digits) ? digits : null;
}

/**
 * The effect of one item. Complement, adjustment and the tax reform's credit/debit notes move no goods (§1.2);
 * an override for the CFOP wins; a CFOP the table does not know, or whose first digit disagrees with tpNF, is `ask`.
 */
export function effectOf(input: EffectInput): TDocumentEffect {
  if (input.finNFe === '2' || input.finNFe === '3' || input.finNFe === '5' || input.finNFe === '6') {
    return 'none';
  }
  const cfop = normalizeCfop(input.cfop);
  if (cfop === null) return 'ask';
  const override = input.overrides?.[cfop];
  if (override) return override;
  const exit = cfop[0]! >= '5';
  if ((input.tpNF === '1') !== exit) return 'ask';
  const row = (exit ? EXIT_TABLE : ENTRY_TABLE).get(cfop.slice(1));
  if (!row) return 'ask';
  return input.issuedByUs ? row.issuedByUs : row.thirdParty;
}

/** Every row of the table, for the user guide and the settings screen. */
export function effectTable(): Array<{
  kind: 'exit' | 'entry';
  operations: string[];
  thirdParty: TDocumentEffect;
  issuedByUs: TDocumentEffect;
}> {
  return [
    ...EXITS.map(([operations, thirdParty, issuedByUs]) => ({
      kind: 'exit' as const,
      operations: operations.split(' '),
      thirdParty,
      issuedByUs,
    })),
    ...ENTRIES.map(([operations, thirdParty, issuedByUs]) => ({
      kind: 'entry' as const,
      operations: operations.split(' '),
      thirdParty,
      issuedByUs,
    })),
  ];
}

/** Overrides per CFOP as settings keep them: `{ "5949": "sale" }`. */
export const ZCfopOverrides = z.record(
  z.string().check(z.regex(/^[1235-7][0-9]{3}$/, { error: 'CFOP inválido: use 4 dígitos.' })),
  ZChosenEffect,
);
