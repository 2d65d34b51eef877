import type { TErrorCode } from '@armazem/contracts/common';

const STATUS_BY_CODE: Record<TErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_STOCK: 409,
  PERIOD_CLOSED: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** An error whose message is meant for the user, in Portuguese. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly statusCode: number;
  readonly issues: Array<{ path: string; message: string }> | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: TErrorCode,
    message: string,
    extra: { issues?: Array<{ path: string; message: string }>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.code = code;
    this.statusCode = STATUS_BY_CODE[code];
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
