import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { Database } from './types.ts';
import { isPlain } from './plain.ts';

/**
 * A fixed-shape query built and compiled once per database dialect; each call only binds its values. Building and
 * compiling a Kysely query costs tens of microseconds (a five-join select about 60 µs), which on the path every
 * stock movement and every signed-in request takes is a large share of the work. The query keeps its types: it is
 * written with the query builder, with `slot(i)` standing for the i-th argument. In plain mode (decision 0085) the
 * query is built with the call's own values and compiled on each call, as any other Kysely query.
 */

const SLOT = Symbol('slot');
type Slot = { [SLOT]: number };

const isSlot = (value: unknown): value is Slot =>
  typeof value === 'object' && value !== null && SLOT in value;

/** Stands for the call's argument `index` where a value goes (never inside lists or JSON). */
function slot<T>(index: number): T {
  return { [SLOT]: index } as unknown as T;
}

type Builder<A extends readonly unknown[], R> = (
  db: Kysely<Database>,
  ...args: { [K in keyof A]: A[K] }
) => Compilable<R>;

/** `arity`: how many arguments the query takes, when `build` reads them through a rest parameter. */
export function prepared<A extends readonly unknown[], R>(build: Builder<A, R>, arity = build.length - 1) {
  // One compiled query per dialect adapter (a transaction shares its database's adapter).
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  return async (db: Kysely<Database>, ...args: A): Promise<R[]> => {
    if (isPlain(db)) return (await db.executeQuery<R>(build(db, ...args).compile())).rows;
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      const slots = Array.from({ length: arity }, (_, i) => slot(i)) as unknown as A;
      query = build(db, ...slots).compile();
      compiled.set(adapter, query);
    }
    const parameters = query.parameters.map((value) => (isSlot(value) ? args[value[SLOT]] : value));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
