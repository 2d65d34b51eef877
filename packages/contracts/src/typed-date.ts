import { isValidDate } from './common.ts';

/**
 * A calendar date typed by a person, always dd/mm/aaaa whatever the browser's language (DESIGN.md §4), read into the
 * API's ISO date. The web's date field masks and reads with these; the wire keeps AAAA-MM-DD.
 */

/** What a typed date came to: the ISO date, nothing yet (empty or still being typed), or why it is refused. */
export type TypedDate = { iso: string } | { iso: null; error: string | null };

export const TYPED_DATE_ERRORS = {
  format: 'Use o formato dd/mm/aaaa.',
  invalid: (text: string) => `${text} não é uma data válida.`,
} as const;

/** Keeps the digits and puts the slashes where they go: "3111202" → "31/11/202". */
export function maskDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** "2026-11-30" → "30/11/2026"; anything else → "". */
export function isoToTyped(iso: string): string {
  return isValidDate(iso) ? iso.split('-').reverse().join('/') : '';
}

/**
 * "30/11/2026" → { iso: "2026-11-30" }. Incomplete text is not an error until `complete` (the field lost focus or the
 * form was sent); a complete date that does not exist ("31/11/2026") says so, rather than asking for the format again.
 */
export function readTypedDate(text: string, complete = true): TypedDate {
  const trimmed = text.trim();
  if (!trimmed) return { iso: null, error: null };
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (!match) return { iso: null, error: complete ? TYPED_DATE_ERRORS.format : null };
  const [day, month, year] = match.slice(1) as [string, string, string];
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isValidDate(iso) ? { iso } : { iso: null, error: TYPED_DATE_ERRORS.invalid(trimmed) };
}
