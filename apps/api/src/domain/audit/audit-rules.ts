import type { TAuditChange } from '@armazem/contracts/audit';

/**
 * What an audit entry changed, from the before/after JSON the services store (lib/audit.ts):
 * - a creation (nothing before) lists every field it set, with `after` only;
 * - a deletion (nothing after) lists every field the record had, with `before` only;
 * - an update lists the fields named after the change whose value differs from before. A service may store the whole
 *   row before and only the edit after: a field only in `before` did not change and is left out.
 * Field names are compared as camelCase (rows say `min_stock`, edits say `minStock`); numbers and the strings of the
 * same digits are equal (`10` and `"10"`: SQLite and PostgreSQL answer them differently). Secrets and derived search
 * columns are never shown.
 */
export function auditChanges(beforeJson: string | null, afterJson: string | null): TAuditChange[] {
  const before = parseJson(beforeJson);
  const after = parseJson(afterJson);
  if (before === null && after === null) return [];
  if (!isRecord(before) || !isRecord(after)) {
    if (isRecord(before) && after === null) return fieldsOf(before).map(([f, v]) => change(f, v, null));
    if (isRecord(after) && before === null) return fieldsOf(after).map(([f, v]) => change(f, null, v));
    return sameValue(before, after) ? [] : [change('valor', before, after)];
  }
  const previous = new Map(fieldsOf(before));
  return fieldsOf(after)
    .filter(([field, value]) => !sameValue(previous.get(field) ?? null, value))
    .map(([field, value]) => change(field, previous.get(field) ?? null, value));
}

const HIDDEN = /(hash|token|password|sort|search|^updatedAt$)$/i;

function fieldsOf(record: Record<string, unknown>): Array<[string, unknown]> {
  const fields = new Map<string, unknown>();
  for (const [key, value] of Object.entries(record)) {
    const field = camelCase(key);
    if (!HIDDEN.test(field) && !fields.has(field)) fields.set(field, value);
  }
  return [...fields];
}

export function camelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function change(field: string, before: unknown, after: unknown): TAuditChange {
  return { field, before: before ?? null, after: after ?? null };
}

function parseJson(text: string | null): unknown {
  if (text === null || text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Equal as the person reads them: 10 and "10" alike, null and a missing value alike, objects by their JSON. */
export function sameValue(a: unknown, b: unknown): boolean {
  const left = a ?? null;
  const right = b ?? null;
  if (left === null || right === null) return left === right;
  if (typeof left !== 'object' && typeof right !== 'object') return String(left) === String(right);
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * The UTC instant a business date starts at in `timeZone` (from/to filters on `created_at`, a UTC timestamp):
 * `dayStartUtc('2026-11-27', 'America/Sao_Paulo')` is `2026-11-27T03:00:00.000Z`.
 */
export function dayStartUtc(date: string, timeZone: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const guess = Date.UTC(year, month - 1, day);
  let instant = guess - offsetMs(guess, timeZone);
  // across a change of offset the first guess can be an hour off: once more from the corrected instant
  instant = guess - offsetMs(instant, timeZone);
  return new Date(instant).toISOString();
}

/** The day after a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** Who may ask what: anyone signed in reads one record's history; only admins filter by user or list everything. */
export function auditQueryAllowed(
  query: { entity?: string; entityId?: string; userId?: number },
  role: 'admin' | 'operator',
): boolean {
  if (role === 'admin') return true;
  return Boolean(query.entity && query.entityId) && query.userId === undefined;
}
