import { z } from 'zod/mini';
import './zod-pt-br.ts';

/** A schema's own message for a wrong value, and 'Campo obrigatório.' when the value is missing. */
export const orRequired =
  (message: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? 'Campo obrigatório.' : message;

export const LIMITS = {
  name: 200,
  description: 2000,
  notes: 2000,
  document: 60,
  pageSizeMax: 100,
  uploadBytes: 10 * 1024 * 1024,
  sheetRows: 50_000,
} as const;

/**
 * A whole number: a JSON number, or a string of plain digits as query strings and paths carry it. Nothing else is
 * read as a number: not `true`, `[7]`, `"+5"`, `" 12 "` or `"1.0"` (which z.coerce would have turned into ids).
 */
/* @__NO_SIDE_EFFECTS__ */
export function zInt(message: string, min: number, max: number, minMessage = message, maxMessage = message) {
  return z.pipe(
    z.union([z.number(), z.pipe(z.string().check(z.regex(/^-?\d{1,16}$/)), z.transform(Number))], {
      error: orRequired(message),
    }),
    z
      .number()
      .check(z.int({ error: message }), z.gte(min, { error: minMessage }), z.lte(max, { error: maxMessage })),
  );
}

/**
 * An id a person picks from a list (category, unit, product…): missing or wrong alike, the message says what to
 * choose ("Selecione a categoria."), never "Identificador inválido.". Ids in addresses keep ZId.
 */
/* @__NO_SIDE_EFFECTS__ */
export function zChoice(message: string) {
  // as strict as ZId (a JSON integer or a string of digits); missing or wrong, the message says what to choose
  return z.pipe(
    z.union([z.number(), z.pipe(z.string().check(z.regex(/^\d{1,16}$/)), z.transform(Number))], {
      error: message,
    }),
    z
      .number()
      .check(
        z.int({ error: message }),
        z.gte(1, { error: message }),
        z.lte(2_147_483_647, { error: message }),
      ),
  );
}

export const ZId = zInt('Identificador inválido.', 1, 2_147_483_647);

export const ZStatus = z.enum(['active', 'inactive'], {
  error: orRequired('Situação inválida: use ativo (active) ou inativo (inactive).'),
});
export type TStatus = z.infer<typeof ZStatus>;

/** PostgreSQL cannot store U+0000 in text; no one types it, so it is refused wherever text comes in. */
export const NUL_MESSAGE = 'O texto contém um caractere inválido (nulo).';
export const hasNul = (text: string): boolean => text.includes('\u0000');
export const noNul = /* @__NO_SIDE_EFFECTS__ */ () =>
  z.refine<string>((text) => !hasNul(text), { error: NUL_MESSAGE });

/**
 * Bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) draw text in another order than it is stored
 * ("Trojan Source"): refused in every text field (DESIGN §6.1), names, descriptions, notes, documents, addresses.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
export const BIDI_MESSAGE =
  'O texto contém um caractere invisível que muda a ordem da escrita; apague-o e digite de novo.';
export const noBidi = /* @__NO_SIDE_EFFECTS__ */ () =>
  z.refine<string>((text) => !BIDI_CONTROLS.test(text), { error: BIDI_MESSAGE });

/* @__NO_SIDE_EFFECTS__ */
export const zText = (max: number) => z.string().check(noNul(), noBidi(), z.trim(), z.maxLength(max));
/**
 * Text someone can read: not only invisible characters (a zero-width space), which reads as `empty`, and no control
 * character (a bell) nor a bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069), which would draw the
 * text in another order than it is stored ("Trojan Source").
 */
export const readableText = /* @__NO_SIDE_EFFECTS__ */ (empty = 'Campo obrigatório.') =>
  z.superRefine<string>((text, ctx) => {
    if (text && !/[^\p{Z}\p{Cf}\p{Cc}]/u.test(text)) ctx.addIssue({ code: 'custom', message: empty });
    else if (/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'O texto contém um caractere de controle, que não se lê.' });
    }
  });
export const ZName = z
  .string()
  .check(
    noNul(),
    z.trim(),
    z.minLength(1, { error: 'Campo obrigatório.' }),
    z.maxLength(LIMITS.name),
    readableText(),
  );
/** Optional free text: empty or missing becomes null. */
export const zOptionalText = /* @__NO_SIDE_EFFECTS__ */ (max: number) =>
  z.pipe(
    z.nullish(zText(max)),
    z.transform((value) => (value ? value : null)),
  );

/**
 * An edit (a PATCH body): only the fields it names change, nothing it does not know is accepted, and it names at
 * least one field.
 */
/* @__NO_SIDE_EFFECTS__ */
export function zEdit<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z
    .strictObject(shape)
    .check(
      z.refine((body) => Object.keys(body).length > 0, { error: 'Informe ao menos um campo para alterar.' }),
    );
}

export const ZEmail = z
  .string()
  .check(noNul(), z.trim(), z.toLowerCase(), z.maxLength(254), z.email({ error: 'E-mail inválido.' }));

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isValidDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
export const ZDate = z
  .string()
  .check(z.refine(isValidDate, { error: 'Data inválida: use o formato AAAA-MM-DD.' }));

export const ZPageQuery = z.object({
  page: z._default(zInt('Página inválida.', 1, 1_000_000, 'A página deve ser no mínimo 1.'), 1),
  pageSize: z._default(
    zInt(
      'Tamanho de página inválido.',
      1,
      LIMITS.pageSizeMax,
      'O tamanho da página deve ser no mínimo 1.',
      `O tamanho da página deve ser no máximo ${LIMITS.pageSizeMax}.`,
    ),
    20,
  ),
  q: z.optional(zText(LIMITS.name)),
  order: z._default(
    z.enum(['asc', 'desc'], {
      error: orRequired('Ordem inválida: use crescente (asc) ou decrescente (desc).'),
    }),
    'asc',
  ),
});

export const DATE_RANGE_MESSAGE = 'A data inicial deve ser anterior ou igual à final.';

/** A query's `from` and `to` (either may be absent) in order: refused on `from` otherwise. */
/* @__NO_SIDE_EFFECTS__ */
export function dateRangeInOrder() {
  return z.refine<{ from?: string; to?: string }>(
    (query) => !query.from || !query.to || query.from <= query.to,
    {
      error: DATE_RANGE_MESSAGE,
      path: ['from'],
    },
  );
}

/** A list's `sort`: one of the list's own sorts (`fallback` when absent); any other is refused by name. */
/* @__NO_SIDE_EFFECTS__ */
export function zSort<const Sorts extends readonly [string, ...string[]]>(
  sorts: Sorts,
  fallback: Sorts[number],
) {
  return z._default(z.enum(sorts, { error: orRequired('Ordenação inválida.') }), fallback);
}

/* @__NO_SIDE_EFFECTS__ */
export function ZPaged<T extends z.core.$ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    totalPages: z.number(),
  });
}
export type TPaged<T> = { data: T[]; page: number; pageSize: number; total: number; totalPages: number };

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_STOCK',
  'PERIOD_CLOSED',
  /** a typed count total that someone else changed since the person saw it (409, DESIGN.md §6.1) */
  'COUNT_CHANGED',
  /** a movement dated on or before a posted count of its product at its location (409, DESIGN.md §6.5) */
  'COUNT_POSTED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'BUSINESS_DOCUMENT_REQUIRED',
  'SIGNATURE_INVALID',
  'DATABASE_UNAVAILABLE',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

/* @__NO_SIDE_EFFECTS__ */
function errorResponse() {
  return z.object({
    message: z.string(),
    code: z.enum(ERROR_CODES),
    issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  });
}
/** Every error body; built in a function the bundler may drop, so the web's first page does not carry the codes. */
export const ZErrorResponse = errorResponse();
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZRef = z.object({ id: z.number(), name: z.string() });
export const ZCodeRef = z.object({ id: z.number(), code: z.string(), name: z.string() });
