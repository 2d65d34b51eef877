import type { Db, Tx } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import { AppError } from '../../lib/errors.ts';
import { readSettings } from '../settings/settings-public-service.ts';
import type { Activity, TaxRegime } from './nfe-cost.ts';
import type { TChosenEffect, TDocumentEffect } from '@armazem/contracts/fiscal-effects';
import {
  BUSINESS_DOCUMENT_REQUIRED,
  itemEffects,
  sideOf,
  type NoteSide,
  type NoteSides,
  type OurEstablishment,
} from './nfe-effects.ts';
import type { NfeDocument, NfeParty } from './nfe-reader.ts';
import {
  barcodeTargets,
  learnedCodes,
  ourEstablishments,
  skuTargets,
  unityInfos,
  type UnityInfo,
} from './nfe-repository.ts';
import { FINAL_CONSUMER, learnedKey, matchItem, type MatchTarget, type MatchVia } from './nfe-rules.ts';
import { ownCodes } from './nfe-own-codes.ts';
import { packageConflict, type PackageConflict } from './nfe-package-rules.ts';

/** What the business is and what the catalog already knows about a note's supplier and items. */
export interface NoteContext {
  regime: TaxRegime;
  activity: Activity;
  bonusValuation: 'zero' | 'invoice';
  businessDocument: string;
  /** whose note it is, or why it is not this business's */
  side: NoteSide | { problem: string };
  /** the establishment it belongs to and, between two of ours, the other one (null when not ours) */
  places: Omit<NoteSides, 'side'> | null;
  /** the other side of the note (the participant): the emitter, or the destination of a note the business issued */
  counterpart: NfeParty | null;
  /** each item's effect by the table and the settings' overrides */
  effects: Map<number, TDocumentEffect>;
  overrides: Readonly<Record<string, TChosenEffect>>;
  supplier: { id: number; name: string; status: string } | null;
  matches: Map<number, (MatchTarget & { via: 'supplier-code' | 'gtin' }) | null>;
  unities: Map<number, UnityInfo>;
  /** the items whose note contradicts the matched package (docs/decisions/0062) */
  conflicts: Map<number, PackageConflict>;
  alreadyImported: boolean;
  /** SEFAZ registered a cancellation of this note (an event uploaded earlier, DESIGN.md §6.4) */
  cancelled: boolean;
}

type Matches = NoteContext['matches'];
type Supplier = NonNullable<NoteContext['supplier']>;

/**
 * What the notes of one upload need from the database, read once for all of them (a month of documents is 5,000
 * notes: one query per note and lookup would be 40,000 queries). The single-note import reads it for its one note.
 */
export interface NoteLookups {
  settings: Awaited<ReturnType<typeof readSettings>> & { businessDocument: string };
  establishments: OurEstablishment[];
  suppliers: Map<string, Supplier>;
  /** per supplier id, its learned codes by `learnedKey(code, unit)` */
  learned: Map<number, Map<string, MatchTarget>>;
  skus: Map<string, MatchTarget>;
  /** the business's own codes learned in earlier batches, by `learnedKey(code, unit)` */
  own: Map<string, MatchTarget>;
  barcodes: Map<string, MatchTarget>;
  unities: Map<number, UnityInfo>;
  /** the keys of notes imported and not undone */
  standing: Set<string>;
  /** the keys of notes SEFAZ cancelled (nfe_cancellations) */
  cancelled: Set<string>;
}

/** The participant of a note: an NFC-e's is the final consumer (decision 0070), else the note's other side. */
export function counterpartOf(doc: NfeDocument, side: NoteSide | { problem: string }): NfeParty | null {
  if (doc.model === '65') return FINAL_CONSUMER;
  return side === 'issued' ? doc.destinationParty : doc.emitter;
}

async function keysIn(db: Db | Tx, table: 'nfe_receipts' | 'nfe_cancellations', keys: string[]) {
  const out = new Set<string>();
  for (const part of chunks([...new Set(keys)], 500)) {
    let query = db.selectFrom(table).select('access_key').where('access_key', 'in', part);
    if (table === 'nfe_receipts') query = query.where('undone_at', 'is', null);
    for (const row of await query.execute()) out.add(row.access_key);
  }
  return out;
}

async function suppliersOf(db: Db | Tx, documents: string[]) {
  const out = new Map<string, Supplier>();
  for (const part of chunks([...new Set(documents)], 500)) {
    const rows = await db
      .selectFrom('suppliers')
      .select(['id', 'name', 'status', 'document'])
      .where('document', 'in', part)
      .execute();
    for (const { document, ...supplier } of rows) out.set(document, supplier);
  }
  return out;
}

/** Reads what `docs` need (settings, establishments, participants, codes, barcodes, packages, keys) in a few queries. */
export async function loadNoteLookups(
  db: Db | Tx,
  docs: readonly NfeDocument[],
  timeZone: string,
): Promise<NoteLookups> {
  const settings = await readSettings(db, timeZone);
  if (!settings.businessDocument)
    throw new AppError('BUSINESS_DOCUMENT_REQUIRED', BUSINESS_DOCUMENT_REQUIRED);
  const establishments = await ourEstablishments(db);
  const sides = docs.map((doc) => {
    const sides = sideOf(doc, establishments);
    return 'problem' in sides ? sides : sides.side;
  });
  const counterparts = docs.flatMap((doc, i) => counterpartOf(doc, sides[i] ?? 'received') ?? []);
  const suppliers = await suppliersOf(
    db,
    counterparts.map((party) => party.document),
  );
  const issuedCodes = docs.flatMap((doc, i) =>
    sides[i] === 'issued' ? doc.items.map((item) => item.supplierCode) : [],
  );
  const skus = new Map<string, MatchTarget>();
  for (const part of chunks([...new Set(issuedCodes)], 500))
    for (const [code, target] of await skuTargets(db, part)) skus.set(code, target);
  const own = new Map(
    (await ownCodes(db, issuedCodes)).map((row) => [
      learnedKey(row.code, row.unit),
      { productId: row.product_id, productUnityId: row.product_unity_id },
    ]),
  );
  const learned = new Map<number, Map<string, MatchTarget>>();
  for (const [i, doc] of docs.entries()) {
    const party = sides[i] === 'received' ? counterpartOf(doc, 'received') : null;
    const supplier = party ? suppliers.get(party.document) : undefined;
    if (!supplier || learned.has(supplier.id)) continue;
    const codes = docs
      .flatMap((d) => (d.emitter.document === party?.document ? d.items : []))
      .map((item) => item.supplierCode);
    const rows = await learnedCodes(db, supplier.id, codes);
    learned.set(
      supplier.id,
      new Map(
        rows.map((row) => [
          learnedKey(row.supplier_code, row.supplier_unit),
          { productId: row.product_id, productUnityId: row.product_unity_id },
        ]),
      ),
    );
  }
  const gtins = docs.flatMap((doc) => doc.items.flatMap((item) => (item.gtin ? [item.gtin] : [])));
  const barcodes = gtins.length > 0 ? await barcodeTargets(db, gtins) : new Map<string, MatchTarget>();
  const targets = [
    ...skus.values(),
    ...own.values(),
    ...barcodes.values(),
    ...[...learned.values()].flatMap((m) => [...m.values()]),
  ];
  const unities = await unityInfos(
    db,
    targets.map((target) => target.productUnityId),
  );
  const keys = docs.map((doc) => doc.accessKey);
  return {
    settings: { ...settings, businessDocument: settings.businessDocument },
    establishments,
    suppliers,
    learned,
    skus,
    own,
    barcodes,
    unities,
    standing: await keysIn(db, 'nfe_receipts', keys),
    cancelled: await keysIn(db, 'nfe_cancellations', keys),
  };
}

function matchedPackage(match: MatchTarget & { via: MatchVia }, unity: UnityInfo | undefined) {
  return unity
    ? { ...match, quantity: unity.quantity, label: unity.label, baseUnit: unity.product.baseUnity }
    : null;
}

/** Each matched item's package conflict (the note's ratio, or its cEAN naming another package of the product). */
function packageConflicts(
  doc: NfeDocument,
  matches: Matches,
  lookups: NoteLookups,
): Map<number, PackageConflict> {
  const { unities, barcodes } = lookups;
  const out = new Map<number, PackageConflict>();
  for (const item of doc.items) {
    const match = matches.get(item.item);
    if (!match) continue;
    const byGtin = item.gtin ? barcodes.get(item.gtin) : undefined;
    const gtinUnity = byGtin ? unities.get(byGtin.productUnityId) : undefined;
    const gtinPackage =
      byGtin && gtinUnity ? { ...byGtin, quantity: gtinUnity.quantity, label: gtinUnity.label } : null;
    const conflict = packageConflict(
      item,
      matchedPackage(match, unities.get(match.productUnityId)),
      gtinPackage,
    );
    if (conflict) out.set(item.item, conflict);
  }
  return out;
}

/** The codes a note's items are known by: the business's own SKUs on its notes, the supplier's learned codes. */
function knownCodes(doc: NfeDocument, side: NoteSide, supplier: Supplier | null, lookups: NoteLookups) {
  const known = new Map<string, MatchTarget>();
  for (const item of doc.items) {
    const key = learnedKey(item.supplierCode, item.unit);
    const target =
      side === 'issued'
        ? (lookups.skus.get(item.supplierCode) ?? lookups.own.get(key))
        : supplier
          ? lookups.learned.get(supplier.id)?.get(key)
          : undefined;
    if (target) known.set(key, target);
  }
  return known;
}

/** A note's context from what was read for its upload. */
export function contextFrom(doc: NfeDocument, lookups: NoteLookups): NoteContext {
  const { settings } = lookups;
  const sides = sideOf(doc, lookups.establishments);
  const side = 'problem' in sides ? sides : sides.side;
  const counterpart = counterpartOf(doc, side);
  const supplier = counterpart ? (lookups.suppliers.get(counterpart.document) ?? null) : null;
  const known = typeof side === 'string' ? knownCodes(doc, side, supplier, lookups) : new Map();
  const matches: Matches = new Map(
    doc.items.map((item) => [item.item, matchItem(item, known, lookups.barcodes)]),
  );
  // a code learned for a product or package deactivated since matches nothing
  for (const [item, match] of matches) {
    const unity = match ? lookups.unities.get(match.productUnityId) : undefined;
    if (match && !(unity?.active && unity.productActive)) matches.set(item, null);
  }
  return {
    conflicts: packageConflicts(doc, matches, lookups),
    regime: settings.taxRegime,
    activity: settings.activity,
    bonusValuation: settings.bonusValuation,
    businessDocument: settings.businessDocument,
    side,
    places: 'problem' in sides ? null : { ours: sides.ours, other: sides.other },
    counterpart,
    effects: itemEffects(doc, typeof side === 'string' ? side : 'received', settings.cfopEffects),
    overrides: settings.cfopEffects,
    supplier,
    matches,
    unities: lookups.unities,
    alreadyImported: lookups.standing.has(doc.accessKey),
    cancelled: lookups.cancelled.has(doc.accessKey),
  };
}

/** One note's context (the single-note preview and import). */
export async function noteContext(db: Db | Tx, doc: NfeDocument, timeZone: string): Promise<NoteContext> {
  return contextFrom(doc, await loadNoteLookups(db, [doc], timeZone));
}

/**
 * Each product the upload's lookups read, with its TIPO_ITEM: they exist. Worked out once per upload (the contexts of
 * its notes share one map of packages), not once per note.
 */
const PRODUCTS_READ = new WeakMap<ReadonlyMap<number, UnityInfo>, Map<number, string>>();
export function productsRead(context: NoteContext): Map<number, string> {
  let products = PRODUCTS_READ.get(context.unities);
  if (!products) {
    products = new Map([...context.unities.values()].map((u) => [u.productId, u.itemType]));
    PRODUCTS_READ.set(context.unities, products);
  }
  return products;
}
