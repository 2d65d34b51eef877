import { divRound } from '@armazem/contracts/decimal';
import type { Db } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { child, parseXml, textOf, type XmlElement } from '../../lib/uploads/xml-tree.ts';
import { money } from '../nfe/nfe-public-service.ts';
import type { InventoryItem } from './inventory-rules.ts';
import type { ItemTaxes } from './efd-block-h.ts';
import type { Conversion } from './efd-block-zero.ts';

/**
 * What H020, H030 and 0220 read from the database (decision 0074): the ICMS of the NF-e entries that make up each
 * item's value, and the products' packages in other units.
 */

/** The NF-e items that bring goods in: bought, bonus, transferred in, or a third party's goods held. */
const ENTRY_EFFECTS = ['purchase', 'bonus_in', 'transfer_in', 'held_in'];
const CHUNK = 500;

const chunks = <T>(list: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/** One NF-e item's ICMS, R$ ten-thousandths, as its ICMS group writes it. */
interface EntryIcms {
  cst: string;
  base: bigint;
  icms: bigint;
  stBase: bigint;
  st: bigint;
  fcp: bigint;
}

const ZERO: EntryIcms = { cst: '090', base: 0n, icms: 0n, stBase: 0n, st: 0n, fcp: 0n };

/**
 * The item's ICMS group: CST_ICMS is orig + CST (a Simples Nacional supplier's CSOSN has no CST: 90, "outras");
 * a note whose ST was charged earlier (ICMS60) names the retained figures instead of the charged ones.
 */
function icmsOf(group: XmlElement | null): EntryIcms {
  if (!group) return ZERO;
  const read = (...names: string[]) => {
    for (const name of names) {
      const text = textOf(group, name);
      if (text !== null) return money(text, name);
    }
    return 0n;
  };
  const cst = textOf(group, 'CST') ?? '90';
  return {
    cst: `${(textOf(group, 'orig') ?? '0').slice(0, 1)}${cst.length === 2 ? cst : '90'}`,
    base: read('vBC'),
    icms: read('vICMS', 'vICMSSubstituto'),
    stBase: read('vBCST', 'vBCSTRet'),
    st: read('vICMSST', 'vICMSSTRet'),
    fcp: read('vFCPST', 'vFCPSTRet'),
  };
}

/** Each item (nItem) of a stored note with its ICMS group; a note that no longer parses gives none. */
function noteItems(xml: Uint8Array): Map<number, EntryIcms> {
  const found = new Map<number, EntryIcms>();
  try {
    const root = parseXml(xml);
    const nfe = root.name === 'NFe' ? root : child(root, 'NFe');
    for (const det of child(nfe, 'infNFe')?.children ?? []) {
      if (det.name !== 'det') continue;
      const group = child(child(det, 'imposto'), 'ICMS')?.children[0] ?? null;
      found.set(Number(det.attributes.nItem), icmsOf(group));
    }
  } catch {
    // a stored note is one the import already read; should one fail now, its items count as without ICMS
  }
  return found;
}

interface EntryRow {
  receiptId: number;
  item: number;
  productId: number;
  /** base units, thousandths */
  quantity: bigint;
}

/**
 * The entries of the products up to the date: an own entry counts for the establishment whose location it posted to
 * (each establishment has its own average, decision 0068); a third party's goods held go with the first one.
 */
async function entryRows(
  db: Db,
  date: string,
  productIds: readonly number[],
  establishmentId: number,
): Promise<EntryRow[]> {
  const rows: EntryRow[] = [];
  for (const ids of chunks(productIds)) {
    const found = await db
      .selectFrom('nfe_receipt_items as ri')
      .innerJoin('nfe_receipts as r', 'r.id', 'ri.receipt_id')
      .innerJoin('product_unities as pu', 'pu.id', 'ri.product_unity_id')
      .select(['ri.receipt_id', 'ri.item', 'ri.product_id', 'ri.quantity', 'pu.quantity as factor'])
      .where('ri.product_id', 'in', ids)
      .where('ri.effect', 'in', ENTRY_EFFECTS)
      .where('r.undone_at', 'is', null)
      .where('r.occurred_on', '<=', date)
      .where((eb) =>
        eb.or([
          eb('ri.effect', '=', 'held_in'),
          eb.exists(
            eb
              .selectFrom('stock_ledger as l')
              .innerJoin('locations as loc', 'loc.id', 'l.location_id')
              .select('l.id')
              .whereRef('l.nfe_id', '=', 'r.id')
              .whereRef('l.product_id', '=', 'ri.product_id')
              .where('loc.establishment_id', '=', establishmentId),
          ),
        ]),
      )
      .orderBy('r.occurred_on', 'desc')
      .orderBy('ri.id', 'desc')
      .execute();
    for (const row of found) {
      const quantity = (toBigInt(row.quantity) * toBigInt(row.factor)) / 1000n;
      rows.push({ receiptId: row.receipt_id, item: row.item, productId: row.product_id, quantity });
    }
  }
  return rows;
}

/** The latest entries of a product, newest first, until they cover `quantity` (all of them when they do not). */
function covering(rows: readonly EntryRow[], quantity: bigint): EntryRow[] {
  const taken: EntryRow[] = [];
  let covered = 0n;
  for (const row of rows) {
    if (covered >= quantity) break;
    taken.push(row);
    covered += row.quantity;
  }
  return taken;
}

/**
 * Per item: the ICMS of the entries that make up its value (the latest NF-e entries of the product up to the date
 * whose quantities cover the item's), as a per-unit average over those entries × the item's quantity (H020) and the
 * per-unit averages themselves (H030). CST_ICMS is the latest entry's.
 */
export async function entryTaxes(
  db: Db,
  date: string,
  items: readonly InventoryItem[],
  establishmentId: number,
): Promise<Map<InventoryItem, ItemTaxes>> {
  const productIds = [...new Set(items.map((item) => item.productId))];
  const rows = await entryRows(db, date, productIds, establishmentId);
  const byProduct = new Map<number, EntryRow[]>();
  for (const row of rows) {
    const list = byProduct.get(row.productId);
    if (list) list.push(row);
    else byProduct.set(row.productId, [row]);
  }
  const taken = new Map(
    items.map((item) => [item, covering(byProduct.get(item.productId) ?? [], item.quantity)]),
  );
  const receiptIds = [...new Set([...taken.values()].flat().map((row) => row.receiptId))];
  const notes = new Map<number, Map<number, EntryIcms>>();
  for (const ids of chunks(receiptIds)) {
    const found = await db.selectFrom('nfe_receipts').select(['id', 'xml']).where('id', 'in', ids).execute();
    for (const note of found) notes.set(note.id, noteItems(note.xml));
  }
  const result = new Map<InventoryItem, ItemTaxes>();
  for (const [item, entries] of taken) {
    const icms = entries.map((row) => ({ row, icms: notes.get(row.receiptId)?.get(row.item) ?? ZERO }));
    const quantity = entries.reduce((sum, row) => sum + row.quantity, 0n);
    const total = (pick: (value: EntryIcms) => bigint) =>
      icms.reduce((sum, { icms }) => sum + pick(icms), 0n);
    // R$ ten-thousandths for the item's quantity, and R$ millionths per unit (quantities at thousandths)
    const forItem = (pick: (value: EntryIcms) => bigint) =>
      quantity === 0n ? 0n : divRound(total(pick) * item.quantity, quantity);
    const perUnit = (pick: (value: EntryIcms) => bigint) =>
      quantity === 0n ? 0n : divRound(total(pick) * 100_000n, quantity);
    result.set(item, {
      cst: icms[0]?.icms.cst ?? '090',
      base: forItem((v) => v.base),
      icms: forItem((v) => v.icms),
      unitIcmsOp: perUnit((v) => v.icms),
      unitStBase: perUnit((v) => v.stBase),
      unitSt: perUnit((v) => v.st),
      unitFcp: perUnit((v) => v.fcp),
      withEntry: entries.length > 0,
    });
  }
  return result;
}

/** Each product's active packages in a unit other than its own (0220), one per unit code (the default first). */
export async function conversionsOf(
  db: Db,
  items: readonly InventoryItem[],
): Promise<Map<number, Conversion[]>> {
  const result = new Map<number, Conversion[]>();
  const units = new Map(items.map((item) => [item.productId, item.unityCode]));
  for (const ids of chunks([...units.keys()])) {
    const rows = await db
      .selectFrom('product_unities as pu')
      .innerJoin('unities as u', 'u.id', 'pu.unity_id')
      .select(['pu.product_id', 'u.code', 'u.name', 'pu.quantity', 'pu.barcode'])
      .where('pu.product_id', 'in', ids)
      .where('pu.status', '=', 'active')
      .orderBy('pu.product_id')
      .orderBy('pu.is_default', 'desc')
      .orderBy('pu.id')
      .execute();
    for (const row of rows) {
      const list = result.get(row.product_id) ?? [];
      if (row.code === units.get(row.product_id) || list.some((c) => c.unitCode === row.code)) continue;
      list.push({
        unitCode: row.code,
        unitName: row.name,
        factor: toBigInt(row.quantity),
        barcode: row.barcode,
      });
      result.set(row.product_id, list);
    }
  }
  return result;
}
