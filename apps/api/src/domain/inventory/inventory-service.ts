import type { TInventory } from '@armazem/contracts/inventory';
import { readSettings } from '../settings/settings-public-service.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import { badRequest } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { positionsAt } from './inventory-repository.ts';
import { placePositionsAt } from './place-positions.ts';
import { placeLines } from './place-lines.ts';
import { headerOf, placeOf, placeSuffix, type Place, type PlacedInventory } from './inventory-place.ts';
import { thirdPartyPositionsAt } from './third-party-repository.ts';
import { buildInventory } from './inventory-rules.ts';
import { spedFile, taxesFor, type SpedOptions } from './efd-service.ts';

// pdfkit and exceljs (~20 MB resident together) load on the first book asked for, not at start-up: every import's
// memory peak sits on top of what the idle server holds
const pdfBook = () => import('./inventory-book-pdf.ts');
const xlsxBook = () => import('./inventory-book-xlsx.ts');

export interface InventoryFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** The inventory at the end of a date: on screen, as the Registro de Inventário and as the Bloco H file. */
export function createInventoryService({ db, clock, timeZone }: ServiceDeps & { timeZone: string }) {
  /**
   * The inventory of one establishment (default: the first, the matriz) or one location (DESIGN.md §6.3). The third
   * parties' goods (held and sent, decision 0065) are kept per participant, not per place: they go with the first
   * establishment's whole inventory (decision 0068).
   */
  async function inventoryAt(date: string | undefined, place: Place = {}): Promise<PlacedInventory> {
    const day = date ?? clock.today();
    if (day > clock.today()) throw badRequest('A data do inventário não pode ser futura.', 'date');
    const where = await placeOf(db, place);
    const whole = where.scope.kind === 'establishment' && where.scope.first;
    const [own, apart] = await Promise.all([
      whole ? positionsAt(db, day) : placePositionsAt(db, day, where.scope),
      whole ? thirdPartyPositionsAt(db, day) : [],
    ]);
    return { ...buildInventory(day, [...own, ...apart]), place: where };
  }

  return {
    inventoryAt,

    /** Whose inventory `place` asks for: its establishment, location and scope. */
    placeOf: (place: Place) => placeOf(db, place),

    ...placeLines(db),

    /** With a reason (MOT_INV) whose file takes H020 or H030, the items without an NF-e entry to review. */
    async show(
      date: string | undefined,
      place: Place & { reason?: string | undefined } = {},
    ): Promise<TInventory> {
      const data = await inventoryAt(date, place);
      const taxes = place.reason ? await taxesFor(db, data, data.items, place.reason) : new Map();
      const withoutEntry = [...taxes].flatMap(([item, found]) =>
        found.withEntry ? [] : [{ product: { id: item.productId, sku: item.sku, name: item.name } }],
      );
      return {
        date: data.date,
        establishment: { id: data.place.establishment.id, name: data.place.establishment.name },
        location: data.place.location,
        data: data.items.map((item) => ({
          ncm: item.ncm,
          product: { id: item.productId, sku: item.sku, name: item.name },
          unity: { code: item.unityCode },
          quantity: quantityOut(item.quantity),
          unitCost: moneyOut(item.unitCost),
          totalValue: moneyOut(item.itemValue),
          position: item.position,
          participant: item.participant && {
            id: item.participant.id,
            document: item.participant.document,
            name: item.participant.name,
          },
        })),
        totalsByNcm: data.groups.map((group) => ({
          position: group.position,
          ncm: group.ncm,
          totalValue: moneyOut(group.totalValue),
        })),
        totalValue: moneyOut(data.totalValue),
        heldValue: moneyOut(data.heldValue),
        warnings: data.warnings,
        withoutEntry,
      };
    },

    async book(date: string | undefined, format: 'pdf' | 'xlsx', place: Place = {}): Promise<InventoryFile> {
      const data = await inventoryAt(date, place);
      const settings = headerOf(await readSettings(db, timeZone), data.place);
      const base = `registro-inventario-${placeSuffix(data.place)}${data.date.replaceAll('-', '')}`;
      if (format === 'xlsx') {
        return {
          fileName: `${base}.xlsx`,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          bytes: await (await xlsxBook()).inventoryBookXlsx(data, settings),
        };
      }
      return {
        fileName: `${base}.pdf`,
        contentType: 'application/pdf',
        bytes: await (await pdfBook()).renderInventoryBook(data, settings, clock.today()),
      };
    },

    async sped(date: string | undefined, options: SpedOptions, place: Place = {}): Promise<InventoryFile> {
      return spedFile(db, timeZone, await inventoryAt(date, place), options);
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
