import {
  MONEY_SCALE,
  QUANTITY_SCALE,
  formatBrazilian,
  formatMoneyBR,
  formatQuantityBR,
  formatScaled,
} from '@armazem/contracts/decimal';

type Stored = string | number | bigint | null | undefined;

/** A stored integer (a driver gives string, number or bigint) as a bigint; null is zero. */
export function toBigInt(value: string | number | bigint | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  return typeof value === 'bigint' ? value : BigInt(value);
}

/** Wire format: decimal strings with a dot ("12.500", "1234.5600"). */
export const quantityOut = (value: Stored) => formatScaled(toBigInt(value), QUANTITY_SCALE);
export const moneyOut = (value: Stored) => formatScaled(toBigInt(value), MONEY_SCALE);

/** For messages and documents people read: "12", "0,5", "1.234,25", "-3". */
export const quantityLabel = (value: Stored): string => formatQuantityBR(toBigInt(value));

/** For messages and documents people read: "R$ 1.234,56", "R$ 0,1234". */
export const moneyLabel = (value: Stored): string => formatMoneyBR(toBigInt(value));

/** A count for people: "2.000". */
export const countLabel = (value: number): string => formatBrazilian(BigInt(value), 0);
