import { MONEY_SCALE, formatMoneyBR, parseScaled } from './decimal.ts';

/** The finest wire decimal read: averages and unit costs the API derives carry no more. */
const WIRE_SCALE = 12;

/**
 * Money as text, the one way the API (PDFs, messages) and the screens write it: `formatMoneyBR`'s "R$ 1.234,56",
 * from ten-thousandths or a wire decimal ("1234.5600", "0.0125"), exactly, never through a float. Up to four
 * decimals when they matter; `cents` rounds half away from zero to two, once, from the value as given. `space` is what
 * stands after "R$": the screens use the non-breaking one Intl writes. Kept apart from decimal.ts, so the first
 * visit of /login does not load it.
 */
export function formatMoney(value: bigint | string, { cents = false, space = ' ' } = {}): string {
  const read = typeof value === 'bigint' ? { ok: true as const, value } : parseScaled(value, WIRE_SCALE);
  if (!read.ok) throw new RangeError(`Valor inválido: ${String(value)}`);
  const scale = typeof value === 'bigint' ? MONEY_SCALE : WIRE_SCALE;
  const unit = 10n ** BigInt(scale - (cents ? 2 : MONEY_SCALE));
  const half = unit / 2n;
  // bigint division cuts towards zero: adding half the unit away from zero first rounds half away from zero
  const kept = (read.value < 0n ? read.value - half : read.value + half) / unit;
  const text = formatMoneyBR(cents ? kept * 100n : kept);
  return space === ' ' ? text : text.replace(' ', space);
}
