import type { TErrorCode } from '@armazem/contracts/common';

/**
 * What a refusal is raised as: the contract's codes, plus UNPROCESSABLE for a 422 (a file, or rows of it, that cannot
 * be taken as they are). DESIGN.md §3 lists no code of its own for a 422: it answers VALIDATION_ERROR.
 */
export type ErrorKind = TErrorCode | 'UNPROCESSABLE';

const STATUS_BY_KIND: Record<ErrorKind, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_STOCK: 409,
  PERIOD_CLOSED: 409,
  COUNT_CHANGED: 409,
  COUNT_POSTED: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BUSINESS_DOCUMENT_REQUIRED: 422,
  SIGNATURE_INVALID: 422,
  DATABASE_UNAVAILABLE: 503,
};

/** An error whose message is meant for the user, in Portuguese. */
export class AppError extends Error {
  readonly kind: ErrorKind;
  /** the code the answer carries */
  readonly code: TErrorCode;
  readonly statusCode: number;
  readonly issues: Array<{ path: string; message: string }> | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    kind: ErrorKind,
    message: string,
    extra: { issues?: Array<{ path: string; message: string }>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.kind = kind;
    this.code = kind === 'UNPROCESSABLE' ? 'VALIDATION_ERROR' : kind;
    this.statusCode = STATUS_BY_KIND[kind];
    this.issues = extra.issues;
    this.details = extra.details;
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);

/** The row that was looked for, or the refusal that says it is missing: `found(await findX(db, id), xNotFound)`. */
export function found<T>(row: T | null | undefined, missing: () => Error): T {
  if (row === null || row === undefined) throw missing();
  return row;
}
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string, path?: string) =>
  new AppError('VALIDATION_ERROR', message, path ? { issues: [{ path, message }] } : {});
export const forbidden = (message = 'Você não tem permissão para esta ação.') =>
  new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Sessão expirada ou inexistente. Entre novamente.') =>
  new AppError('UNAUTHENTICATED', message);

/** A write refused by a unique index, on PostgreSQL (23505) or SQLite (SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number };
  return e.code === '23505' || e.errcode === 2067 || e.errcode === 1555;
}
