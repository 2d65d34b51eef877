import { ZErrorResponse } from '@armazem/contracts/common';
import { z } from 'zod/mini';

// The error answers each route declares beside its success: one body for every refusal (plugins/errors.ts writes
// it), declared by status so that the API docs list them and the serializer writes exactly that shape.

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** A refusal that carries more than its message (a refused sheet's rows and summary, a shortage's figures). */
const ZRefusal = z.looseObject(ZErrorResponse.shape);

const byStatus = <S extends ErrorStatus, T>(schema: T, statuses: readonly S[]) =>
  Object.fromEntries(statuses.map((status) => [status, schema])) as Record<S, T>;

/** `response: { 200: ZThing, ...errors(400, 404) }`: the message, the code and the fields at fault. */
export const errors = <S extends ErrorStatus>(...statuses: S[]) => byStatus(ZErrorResponse, statuses);

/** The same, keeping what a refusal adds beside the message (uploads, counts, NF-e: rows, figures, summaries). */
export const refusals = <S extends ErrorStatus>(...statuses: S[]) => byStatus(ZRefusal, statuses);

/** A movement or a cancellation: a shortage's 409 carries its figures (date, available, requested, unit, location). */
export const MOVEMENT_REFUSALS = { ...errors(400, 404), ...refusals(409) };

/** An action an operator may lack (DESIGN.md §6.7): the 403 names the permission (`permission`: its action). */
export const PERMISSION_REFUSAL = refusals(403);

/** Every refusal of the sheet, NF-e and count routes: input, missing, conflict, size, type, content (with details). */
export const EVERY_REFUSAL = refusals(400, 404, 409, 413, 415, 422);

/**
 * Every API route answers 503 DATABASE_UNAVAILABLE when the database does not answer in time (decision 0053): declared
 * once for all of them (a route's own 503, such as /api/ready's, is kept).
 */
export function declareDatabaseRefusal(route: { schema?: { response?: unknown } }) {
  const response = (route.schema?.response ?? {}) as Record<string, unknown>;
  route.schema = { ...route.schema, response: { ...errors(503), ...response } };
}

/**
 * Every route behind the session answers 401 when there is none (or it ended): declared once for all of them, as
 * the route scope registers them, so no route can forget it.
 */
export function declareSessionRefusal(route: { schema?: { response?: unknown } }) {
  const response = (route.schema?.response ?? {}) as Record<string, unknown>;
  route.schema = { ...route.schema, response: { ...errors(401), ...response } };
}
