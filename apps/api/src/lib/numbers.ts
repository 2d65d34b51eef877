import { MONEY_SCALE, QUANTITY_SCALE, formatScaled } from '@armazem/contracts/decimal';
import { toBigInt } from '../db/database.ts';

type Stored = string | number | bigint | null | undefined;

export const quantityOut = (value: Stored) => formatScaled(toBigInt(value), QUANTITY_SCALE);
export const moneyOut = (value: Stored) => formatScaled(toBigInt(value), MONEY_SCALE);

/** "12", "0,5", "1.234,25": a quantity as a person reads it, without trailing zeros. */
export function quantityLabel(value: Stored): string {
  const [whole = '0', fraction = ''] = quantityOut(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed ? `${grouped},${trimmed}` : grouped;
}
