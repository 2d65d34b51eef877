import type { TProductUnitySelectItem } from '@armazem/contracts/catalog';
import { parseScaled } from '@armazem/contracts/decimal';
import type { TStockRow } from '@armazem/contracts/stock';
import { brazilianDecimal, decimalInput } from '../../lib/format.ts';

/** Multiplies two plain decimal strings for display only (never stored): "2.5" × "12.000" → "30.0000". */
function timesForDisplay(quantity: string, perPackage: string): string {
  const [qw = '0', qf = ''] = quantity.split('.');
  const [pw = '0', pf = ''] = perPackage.split('.');
  const product = BigInt(qw + qf) * BigInt(pw + pf);
  const scale = qf.length + pf.length;
  const negative = product < 0n;
  const digits = (negative ? -product : product).toString().padStart(scale + 1, '0');
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${digits.slice(0, digits.length - scale)}${fraction ? `.${fraction}` : ''}`;
}

/** a > b for two plain decimals; false when either has more decimals than a quantity can hold */
function exceedsBalance(quantity: string, available: string): boolean {
  const a = parseScaled(quantity, 9);
  const b = parseScaled(available, 9);
  return a.ok && b.ok && a.value > b.value;
}

interface QuantityInput {
  unities: TProductUnitySelectItem[];
  /** the package chosen in the form ('' for the default one) */
  productUnityId: string;
  /** the quantity as typed */
  typed: string;
  balance: TStockRow | null | undefined;
  /** an exit warns when it takes more than the balance */
  isExit: boolean;
}

/**
 * How the movement form reads the typed quantity: the package it is in, its amount in the base unit, whether an
 * exit takes more than there is, and the line under the field ("= 1.500 × Caixa c/ 12 UN = 18.000 UN").
 */
export function readQuantity({ unities, productUnityId, typed, balance, isExit }: QuantityInput) {
  const defaultUnity = unities.find((u) => u.isDefault);
  const unity = unities.find((u) => String(u.id) === productUnityId) ?? defaultUnity;
  const baseCode = balance?.unity.code ?? defaultUnity?.unity.code ?? '';
  const plain = decimalInput(typed);
  const baseQuantity =
    unity && plain && /^-?\d+(\.\d+)?$/.test(plain) ? timesForDisplay(plain, unity.quantity) : null;
  const exceeds = Boolean(
    isExit && balance && baseQuantity !== null && exceedsBalance(baseQuantity, balance.quantity),
  );
  /** "= 1.500 UN", or for a package "= 1.500 × Caixa c/ 12 UN = 18.000 UN" */
  const describe = (read: string) =>
    unity && !unity.isDefault && baseQuantity !== null
      ? `${brazilianDecimal(read)} × ${unity.label} = ${brazilianDecimal(baseQuantity)} ${baseCode}`
      : `${brazilianDecimal(read)} ${baseCode}`.trim();
  return { unity, exceeds, describe };
}
