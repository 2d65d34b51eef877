import { formatQuantityBR } from '@armazem/contracts/decimal';
import { foldText } from '../../lib/text.ts';
import { suggestedUnitsPerPackage } from './nfe-rules.ts';

/**
 * Packages that disagree (DESIGN.md §6.2, docs/decisions/0062): the note's own figure of units per package against
 * the package a learned supplier code or a GTIN match would receive the item in. Pure rules.
 */

/** The package an item was matched to, as the rule needs it. */
export interface MatchedPackage {
  productId: number;
  productUnityId: number;
  via: 'supplier-code' | 'gtin';
  /** base units in the package (1: the product's base unit) */
  quantity: bigint;
  /** e.g. "Caixa c/ 12 UN" */
  label: string;
  /** the code of the product's base unit, e.g. UN */
  baseUnit: string;
}

/** Another package of the same product whose barcode is the item's cEAN. */
export interface GtinPackage {
  productId: number;
  productUnityId: number;
  quantity: bigint;
  label: string;
}

export interface PackageConflict {
  noteUnitsPerPackage: bigint;
  matchedUnitsPerPackage: bigint;
  message: string;
}

interface ConflictItem {
  unit: string;
  quantity: bigint;
  taxUnit: string | null;
  taxQuantity: bigint | null;
}

const matchedName = (match: MatchedPackage) =>
  match.via === 'gtin' ? 'a embalagem do código de barras (cEAN)' : 'a embalagem aprendida';

/**
 * The conflict of an item with its match, or null:
 * - the note's ratio qTrib ÷ qCom (uTrib ≠ uCom, uTrib the product's base unit) differs from the matched package;
 * - else, matched by a learned code, the item's cEAN is the barcode of another package of the same product with
 *   another quantity.
 * uTrib in another unit than the product's base unit (KG against UN) says nothing comparable: no conflict.
 */
export function packageConflict(
  item: ConflictItem,
  match: MatchedPackage | null,
  gtinPackage: GtinPackage | null,
): PackageConflict | null {
  if (!match) return null;
  const ratio = suggestedUnitsPerPackage(item);
  const sameBase = item.taxUnit !== null && foldText(item.taxUnit) === foldText(match.baseUnit);
  if (ratio !== null && sameBase && ratio !== match.quantity) {
    const figure = `${formatQuantityBR(ratio)} ${item.taxUnit} por ${item.unit}`;
    return {
      noteUnitsPerPackage: ratio,
      matchedUnitsPerPackage: match.quantity,
      message: `A nota diz ${figure} (qTrib ÷ qCom), mas ${matchedName(match)} é ${match.label}. Confira a embalagem.`,
    };
  }
  if (
    ratio === null &&
    match.via === 'supplier-code' &&
    gtinPackage &&
    gtinPackage.productId === match.productId &&
    gtinPackage.productUnityId !== match.productUnityId &&
    gtinPackage.quantity !== match.quantity
  ) {
    return {
      noteUnitsPerPackage: gtinPackage.quantity,
      matchedUnitsPerPackage: match.quantity,
      message: `O código de barras da nota (cEAN) é da embalagem ${gtinPackage.label}, mas a embalagem aprendida é ${match.label}. Confira a embalagem.`,
    };
  }
  return null;
}

/** What the import says when items with a conflict were not confirmed (nor another package chosen). */
export function unconfirmedPackagesMessage(items: readonly number[]): string {
  const list = items.join(', ');
  return `A embalagem da nota não confere com a embalagem escolhida (${items.length === 1 ? 'item' : 'itens'} ${list}). Confirme a embalagem (confirmPackage) ou escolha outra.`;
}

/** The cost of one base unit of an entry, half-up at R$ 0,0001 (money at 4 places, quantities at 3). */
export function costPerBaseUnit(totalCost: bigint, baseQuantity: bigint): bigint {
  if (baseQuantity <= 0n) return 0n;
  const scaled = totalCost * 1000n;
  return (scaled * 2n + baseQuantity) / (baseQuantity * 2n);
}
