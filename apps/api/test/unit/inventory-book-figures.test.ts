import { describe, expect, it } from 'vitest';
import { buildInventory, type InventoryPosition } from '../../src/domain/inventory/inventory-rules.ts';
import { bookLines, bookSections, unitText } from '../../src/domain/inventory/inventory-book-figures.ts';
import { headerOf } from '../../src/domain/inventory/inventory-place.ts';

const position = (over: Partial<InventoryPosition>): InventoryPosition => ({
  productId: 1,
  sku: 'X',
  name: 'Produto',
  barcode: null,
  ncm: '73181500',
  cest: null,
  itemType: '00',
  unityCode: 'UN',
  unityName: 'Unidade',
  quantity: 0n,
  totalValue: 0n,
  position: 'own',
  participant: null,
  ...over,
});

/** quantity (thousandths) and value (R$ ten-thousandths) → the book's lines as [quantity, unit, partial cents]. */
function lines(quantity: bigint, totalValue: bigint) {
  const [item] = buildInventory('2026-12-31', [position({ quantity, totalValue })]).items;
  if (!item) throw new Error('no item');
  return bookLines(item).map((line) => [line.quantity, unitText(line), line.partialValue, line.note]);
}

// Every line multiplies exactly, and an item's lines add up to its value to the cent (Bloco H's VL_ITEM).
describe('the book prints figures that multiply', () => {
  it('prints as many places as make the line exact', () => {
    expect(lines(50_000_000n, 6_210_000n)).toEqual([[50_000_000n, '0,01242', 62_100n, '']]);
    expect(lines(2_125n, 212_500n)).toEqual([[2_125n, '10,00', 2_125n, '']]);
    expect(lines(7_000n, 0n)).toEqual([[7_000n, '0,00', 0n, '']]);
  });

  it('splits whole units that no price divides into lines a cent apart, in the largest lots that fit', () => {
    // 3 UN worth 9,9999 → 10,00: 2 × 3,33 + 1 × 3,34
    expect(lines(3_000n, 99_999n)).toEqual([
      [2_000n, '3,33', 666n, '10,00 ÷ 3 repartido ao centavo'],
      [1_000n, '3,34', 334n, ''],
    ]);
    // 3.000 UN worth 10,00: lots of 1.000 at 3,33 and 3,34 each → 0,00333 and 0,00334 a unit
    expect(lines(3_000_000n, 100_000n)).toEqual([
      [2_000_000n, '0,00333', 666n, '10,00 ÷ 3.000 repartido ao centavo'],
      [1_000_000n, '0,00334', 334n, ''],
    ]);
  });

  it('rounds to the cent, and says so, only a fraction of a unit no finite price divides', () => {
    expect(lines(333n, 10_000n)).toEqual([[333n, '3,003003', 100n, 'valor parcial arredondado ao centavo']]);
  });

  it('lists own goods, ours with third parties and theirs with us apart, each with its total', () => {
    const participant = {
      id: 1,
      document: '11222333000181',
      name: 'Oficina',
      stateRegistration: null,
      cityCode: null,
      street: null,
      number: null,
      district: null,
    };
    const data = buildInventory('2026-12-31', [
      position({ quantity: 1_000n, totalValue: 10_000n }),
      position({ quantity: 2_000n, totalValue: 20_000n, ncm: '84137080' }),
      position({ quantity: 1_000n, totalValue: 30_000n, position: 'sent', participant }),
      position({ quantity: 1_000n, totalValue: 40_000n, position: 'held', participant }),
    ]);
    const sections = bookSections(data);
    expect(sections.map((s) => [s.title, s.total, s.groups.length])).toEqual([
      ['Mercadorias próprias em poder da empresa', 30_000n, 2],
      ['Mercadorias próprias em poder de terceiros', 30_000n, 1],
      ['Mercadorias de terceiros em poder da empresa', 40_000n, 1],
    ]);
    const [held] = sections[2]?.groups[0]?.items ?? [];
    expect(held && bookLines(held)[0]?.note).toBe('Pertence a Oficina, 11.222.333/0001-81');
  });
});

describe("the book's terms name the establishment's address", () => {
  const settings = {
    businessName: 'Mercearia',
    businessDocument: '11222333000181',
    businessStateRegistration: '1',
    businessAddress: 'Rua da Matriz, 1',
  };
  const place = (address: string) => ({
    scope: { kind: 'establishment' as const, establishmentId: 2, first: false },
    establishment: { id: 2, name: 'Filial', document: '11222333000262', stateRegistration: '2', address },
    location: null,
    several: true,
  });

  it("takes the establishment's own address, or the settings' when it has none", () => {
    expect(headerOf(settings, place('Rua B, 2 — Centro — Campinas/SP'))).toMatchObject({
      businessName: 'Mercearia — Filial',
      businessDocument: '11222333000262',
      businessAddress: 'Rua B, 2 — Centro — Campinas/SP',
    });
    expect(headerOf(settings, place('')).businessAddress).toBe('Rua da Matriz, 1');
  });
});
