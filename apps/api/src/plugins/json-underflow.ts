import { badRequest } from '../lib/errors.ts';

/** Only a body with a negative exponent or a long run of zeros can hold a number JSON.parse reads as 0 by underflow. */
const MAY_UNDERFLOW = /[eE]-|0{20}/;

type Reviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown;

/**
 * The key of the first number written non-zero that JSON.parse reads as 0 (`1e-400`), or null. Node's reviver gets
 * each number's source text; the second parse runs only on the rare body MAY_UNDERFLOW matches, so other requests
 * pay one regular-expression test.
 */
export function underflowKey(text: string): string | null {
  if (!MAY_UNDERFLOW.test(text)) return null;
  let found: string | null = null;
  const reviver: Reviver = (key, value, context) => {
    if (
      found === null &&
      value === 0 &&
      context?.source &&
      /[1-9]/.test(context.source.split(/[eE]/)[0] ?? '')
    )
      found = key;
    return value;
  };
  JSON.parse(text, reviver as Parameters<typeof JSON.parse>[1]);
  return found;
}

/** The refusal of a number too small to be read (it would be taken as zero). */
export function underflowError(key: string) {
  const field = /^\d+$/.test(key) ? '' : ` em "${key}"`;
  return badRequest(
    `O número${field} é pequeno demais para ser lido (seria lido como zero). Envie um valor com até 4 casas decimais.`,
    /^\d+$/.test(key) ? undefined : key,
  );
}
