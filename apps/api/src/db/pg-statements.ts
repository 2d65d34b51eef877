import type Pg from 'pg';

/**
 * Server-side prepared statements on PostgreSQL, the way pgJDBC does it: a query text the app sends again is given a
 * name, so each connection parses and plans it once and later calls only bind their values. Planning a list page
 * (five joins and the current-price subquery) cost more than running it: 1–2 ms against under 1 ms (decision 0043).
 *
 * The name follows the text (the same name on every connection), and is given from the second time a text is seen,
 * so one-off texts (a sheet's batch with its values inlined) never hold a slot on the server. At most MAX_NAMED texts
 * are ever named, each connection holding at most that many plans.
 */
const MAX_NAMED = 500;
/** Texts above this size or with more values than this are one-offs (a batch, an id list): never named. */
const MAX_TEXT = 8_000;
const MAX_VALUES = 100;
/** Texts seen once, waiting for a second time; forgotten in bulk when this many pile up. */
const MAX_WAITING = 5_000;

const named = new Map<string, string>();
const waiting = new Set<string>();

/** The statement name of `text`, or null when it is sent unnamed (parsed and planned with its call). */
export function statementName(text: string, values: number): string | null {
  const known = named.get(text);
  if (known) return known;
  if (named.size >= MAX_NAMED || values > MAX_VALUES || text.length > MAX_TEXT) return null;
  if (!waiting.has(text)) {
    if (waiting.size >= MAX_WAITING) waiting.clear();
    waiting.add(text);
    return null;
  }
  waiting.delete(text);
  const name = `armazem_${named.size}`;
  named.set(text, name);
  return name;
}

type Query = (text: unknown, values?: unknown, ...rest: unknown[]) => unknown;

/** Makes `client` send the app's repeated query texts as named statements (Kysely calls `query(text, values)`). */
export function namingStatements(client: Pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const send: Query = (text, values, ...rest) => {
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && rest.length === 0) {
      const name = statementName(text, values.length);
      if (name) return query({ text, values, name });
    }
    return query(text, values, ...rest);
  };
  (client as unknown as { query: Query }).query = send;
}
