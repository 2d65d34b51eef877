import type { TProductUnitySelectItem } from '@armazem/contracts/catalog';
import type { TNfeImportData, TNfePreview, TNfePreviewItem } from '@armazem/contracts/nfe';
import { ZNewProductUnity } from '@armazem/contracts/catalog';
import { safeParse } from 'zod/mini';
import { decimalInput, formatQuantity } from '../../lib/format.ts';
import {
  EFFECT_LABELS,
  postsFromNote,
  TRANSFER_OUTSIDE,
  type TChosenEffect,
} from '@armazem/contracts/fiscal-effects';
import { cleanProductName } from '@armazem/contracts/product-names';

/** The starting effect: the table's, or none yet for an item the person must decide (`ask`). */
export const initialEffect = (item: TNfePreviewItem): TChosenEffect | null =>
  item.effect === 'ask' ? null : item.effect;

/** An item that moves stock needs a product; one with no stock effect does not. */
export const needsProduct = (effect: TChosenEffect | null) => effect !== null && effect !== 'none';

/**
 * Why an item's effect keeps the note from being imported, or null; a transfer is posted only on a note between two of
 * the business's establishments (`transferTo` of the preview).
 */
export function effectProblem(effect: TChosenEffect | null, betweenOurs = false): string | null {
  if (effect === null) return 'Escolha o efeito deste item no estoque.';
  if (!postsFromNote(effect, betweenOurs)) return `"${EFFECT_LABELS[effect]}": ${TRANSFER_OUTSIDE}`;
  return null;
}

/** What the user decided for one item of the note. */
export type ItemChoice =
  | {
      kind: 'product';
      productId: number;
      productName: string;
      productUnityId: number | null;
      /** just picked: the package is proposed once the product's packages are known (`proposedPackage`) */
      picked?: { productUnityId: number | null };
      /** "Confirmo a embalagem": the matched package kept although the note's figure differs */
      confirmPackage?: boolean;
    }
  | {
      kind: 'create';
      sku: string;
      name: string;
      categoryId: number | null;
      baseUnityId: number | null;
      unitsPerPackage: string;
    };

export type ItemState = 'encontrado' | 'escolher produto' | 'criar produto';

/** The starting choice: the match the server found, else nothing yet. */
export function initialChoice(item: TNfePreviewItem): ItemChoice | null {
  if (!item.match) return null;
  return {
    kind: 'product',
    productId: item.match.productId,
    productName: item.match.product.name,
    productUnityId: item.match.productUnityId,
  };
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().trim();

/**
 * The package the note's unit is, for a product just picked: the package a scanned barcode named; else the one
 * package in the note's unit (its unit code, or a packaging type of the same name: CX is "Caixa"); else the base
 * package when the note counts in the base unit; else none, and the user chooses (never a silent "1 CX = 1 UN").
 */
export function proposedPackage(
  noteUnit: string,
  noteUnitName: string | null,
  packages: readonly TProductUnitySelectItem[],
  scanned: number | null,
): number | null {
  const base = packages.find((p) => p.isDefault);
  const named = packages.find((p) => p.id === scanned);
  if (named && !named.isDefault) return named.id;
  const unit = fold(noteUnit);
  const name = noteUnitName ? fold(noteUnitName) : null;
  const same = packages.filter(
    (p) =>
      !p.isDefault && (fold(p.unity.code) === unit || (name !== null && fold(p.unityBatch.name) === name)),
  );
  if (same.length === 1) return same[0]?.id ?? null;
  if (same.length === 0 && base && fold(base.unity.code) === unit) return base.id;
  return null;
}

/**
 * The note contradicts the matched package (`packageConflict`) and the person kept that package without confirming
 * it: choosing another package, or a new product, clears the conflict (docs/decisions/0062).
 */
export function packageUnconfirmed(item: TNfePreviewItem, choice: ItemChoice | null): boolean {
  return (
    item.packageConflict !== null &&
    choice?.kind === 'product' &&
    choice.productUnityId === item.match?.productUnityId &&
    !choice.confirmPackage
  );
}

export function itemState(choice: ItemChoice | null): ItemState {
  if (!choice || (choice.kind === 'product' && choice.productUnityId === null)) return 'escolher produto';
  return choice.kind === 'create' ? 'criar produto' : 'encontrado';
}

/**
 * Why the base units typed for one of the supplier's packages cannot be used, or null. Empty is 1 (the item comes in
 * the base unit itself); otherwise the contract's own limits, and whole units when the base unit takes no fractions.
 */
export function unitsPerPackageProblem(text: string, baseFractional: boolean): string | null {
  const plain = decimalInput(text);
  if (plain === undefined) return null;
  // the package quantity a product's package form checks, from the same contract
  const parsed = safeParse(ZNewProductUnity.shape.quantity, plain);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Número inválido.';
  if (!baseFractional && parsed.data % 1000n !== 0n) {
    return 'Use um número inteiro: a unidade base não aceita frações.';
  }
  return null;
}

/** Is the item ready to import? `fractional` says whether a base unit (by id) takes fractions. */
export function isResolved(choice: ItemChoice | null, fractional: (unityId: number) => boolean): boolean {
  if (!choice) return false;
  if (choice.kind === 'product') return choice.productUnityId !== null;
  return Boolean(
    choice.sku.trim() &&
    choice.name.trim() &&
    choice.categoryId &&
    choice.baseUnityId &&
    unitsPerPackageProblem(choice.unitsPerPackage, fractional(choice.baseUnityId)) === null,
  );
}

/** The import's `data` field: every item's choice, in the note's order. */
export function importData(
  preview: TNfePreview,
  choices: ReadonlyMap<number, ItemChoice | null>,
  options: {
    occurredOn: string;
    acceptUnauthorized: boolean;
    effects?: ReadonlyMap<number, TChosenEffect | null>;
  },
): TNfeImportData {
  return {
    occurredOn: options.occurredOn || undefined,
    acceptUnauthorized: options.acceptUnauthorized || undefined,
    items: preview.items.flatMap((item): TNfeImportData['items'] => {
      const effect = options.effects?.get(item.item) ?? initialEffect(item);
      // only an `ask` item sends its effect: the table decides the others
      const chosen = item.effect === 'ask' && effect ? { effect } : {};
      if (!needsProduct(effect)) return item.effect === 'ask' && effect ? [{ item: item.item, effect }] : [];
      const choice = choices.get(item.item);
      if (choice?.kind === 'create') {
        const perPackage = decimalInput(choice.unitsPerPackage);
        return [
          {
            item: item.item,
            create: {
              sku: choice.sku,
              name: choice.name,
              categoryId: choice.categoryId ?? 0,
              baseUnityId: choice.baseUnityId ?? 0,
              ...(perPackage && perPackage !== '1' ? { unitsPerPackage: perPackage } : {}),
            },
            ...chosen,
          },
        ];
      }
      const confirmed = item.packageConflict && choice?.kind === 'product' && choice.confirmPackage;
      return [
        {
          item: item.item,
          productId: choice?.productId ?? 0,
          productUnityId: choice?.productUnityId ?? 0,
          ...(confirmed ? { confirmPackage: true } : {}),
          ...chosen,
        },
      ];
    }),
  };
}

/** What the bulk action fills for every unmatched item that moves stock: one category and base unit for all. */
export function bulkCreateChoices(
  items: readonly TNfePreviewItem[],
  choices: ReadonlyMap<number, ItemChoice | null>,
  movesStock: (item: TNfePreviewItem) => boolean,
  fields: { categoryId: number; baseUnityId: number },
): Map<number, ItemChoice> {
  const out = new Map<number, ItemChoice>();
  for (const item of items) {
    if (choices.get(item.item) || !movesStock(item)) continue;
    out.set(item.item, {
      kind: 'create',
      sku: item.suggestedSku,
      name: cleanProductName(item.description),
      categoryId: fields.categoryId,
      baseUnityId: fields.baseUnityId,
      unitsPerPackage: item.suggestedUnitsPerPackage ? formatQuantity(item.suggestedUnitsPerPackage) : '1',
    });
  }
  return out;
}

/** "1 CX do fornecedor = Caixa c/ 12 UN = 12 UN" */
export function conversionText(
  supplierUnit: string,
  label: string,
  perPackage: string,
  baseCode: string,
): string {
  return `1 ${supplierUnit} do fornecedor = ${label} = ${formatQuantity(perPackage)} ${baseCode}`;
}

/** Base units an entry adds: qCom × units per package (decimal strings, exact in thousandths). */
export function baseQuantityText(quantity: string, perPackage: string): string {
  const scaled = (text: string) => {
    const [whole = '0', decimals = ''] = text.split('.');
    return BigInt(whole + decimals.padEnd(3, '0').slice(0, 3));
  };
  const product = scaled(quantity) * scaled(perPackage);
  const thousandths = product / 1000n;
  return `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, '0')}`;
}

/** Σ of wire money ("12.3400"), exactly: no float. */
export function sumMoney(...values: string[]): string {
  const total = values.reduce((sum, value) => {
    const negative = value.startsWith('-');
    const [whole = '0', decimals = ''] = value.replace('-', '').split('.');
    const scaled = BigInt(whole + decimals.padEnd(4, '0').slice(0, 4));
    return sum + (negative ? -scaled : scaled);
  }, 0n);
  const sign = total < 0n ? '-' : '';
  const abs = total < 0n ? -total : total;
  return `${sign}${abs / 10000n}.${String(abs % 10000n).padStart(4, '0')}`;
}
