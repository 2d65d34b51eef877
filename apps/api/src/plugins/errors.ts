import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TErrorCode, TErrorResponse } from '@armazem/contracts/common';
import { AppError, isUniqueViolation } from '../lib/errors.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../lib/database-unavailable.ts';
import { issuesMessage } from '../lib/field-labels.ts';
import { declareDatabaseRefusal } from '../routes/error-responses.ts';

const FASTIFY_ERRORS: Record<string, { status: number; code: TErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'JSON inválido no corpo da requisição.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Requisição grande demais.',
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Arquivo grande demais: o limite é 10 MB.',
  },
  FST_FILES_LIMIT: { status: 400, code: 'VALIDATION_ERROR', message: 'Envie apenas um arquivo.' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Campos demais no formulário.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Tipo de conteúdo não suportado.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Tamanho do corpo da requisição inválido.',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Envie o arquivo como multipart/form-data.',
  },
  FST_ERR_VALIDATION: { status: 400, code: 'VALIDATION_ERROR', message: 'Dados inválidos.' },
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Endereço inválido: a URL tem uma codificação malformada.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'VALIDATION_ERROR',
    message: 'Endereço longo demais: um parâmetro da URL passou do tamanho permitido.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH_MISMATCH: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'O corpo da requisição não tem o tamanho anunciado.',
  },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Campos demais no formulário.' },
  FST_PROTO_VIOLATION: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Nome de campo inválido no formulário.',
  },
  FST_INVALID_JSON_FIELD_ERROR: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Um campo do formulário declarado como JSON não é um JSON válido.',
  },
  FST_MP_PREMATURE_CLOSE: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'O envio do formulário foi interrompido antes do fim. Envie o arquivo de novo.',
  },
};

/** Errors of the multipart parser (busboy) about the body itself: a client mistake, never a server failure. */
const MULTIPART_MESSAGES: Array<[RegExp, string]> = [
  [/boundary/i, 'Formulário multipart inválido: falta o boundary no cabeçalho Content-Type.'],
  [
    /unexpected end of (multipart|form)|part terminated early|malformed (part )?header/i,
    'Formulário multipart incompleto ou malformado: o corpo foi cortado ou não usa o boundary do Content-Type. Envie o arquivo de novo.',
  ],
  [
    /multipart|unsupported content type/i,
    'Formulário multipart inválido. Envie o arquivo como multipart/form-data.',
  ],
];

function multipartError(error: FastifyError): string | null {
  if (error.code || error.statusCode) return null;
  const found = MULTIPART_MESSAGES.find(([pattern]) => pattern.test(error.message));
  return found ? found[1] : null;
}

/** A 4xx the table above does not name still gets the code its status means. */
const CODE_BY_STATUS: Record<number, { code: TErrorCode; message: string }> = {
  404: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'Requisição grande demais.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Tipo de conteúdo não suportado.' },
  429: {
    code: 'RATE_LIMITED',
    message: 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.',
  },
};

/** Database constraint violations that the domain did not catch first still get an honest 409. */
function constraintError(error: unknown): AppError | null {
  const e = error as { code?: string; errcode?: number; message?: string };
  if (isUniqueViolation(error)) return new AppError('CONFLICT', 'Já existe um registro com esses dados.');
  if (e.code === '23503' || e.errcode === 787) {
    return new AppError('CONFLICT', 'Este registro está em uso por outros dados. Considere desativá-lo.');
  }
  if (e.code === '23514' || e.errcode === 275) {
    return new AppError('CONFLICT', 'A operação violaria uma regra do estoque e foi recusada.');
  }
  return null;
}

function validationResponse(error: FastifyError): TErrorResponse {
  const validation = hasZodFastifySchemaValidationErrors(error) ? error.validation : (error.validation ?? []);
  const issues = validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const message = issue.message ?? 'Valor inválido.';
    // the whole body missing: say what is missing, not a bare "Campo obrigatório."
    if (!path && message === 'Campo obrigatório.' && error.validationContext === 'body')
      return { path, message: 'Envie os dados do pedido no corpo da requisição (JSON).' };
    return { path, message };
  });
  return { message: issuesMessage(issues), code: 'VALIDATION_ERROR', issues };
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const body: TErrorResponse = { message: error.message, code: error.code };
    if (error.issues) body.issues = error.issues;
    const { retryAfterSeconds, ...details } = error.details ?? {};
    if (typeof retryAfterSeconds === 'number') reply.header('Retry-After', String(retryAfterSeconds));
    return reply.status(error.statusCode).send({ ...body, ...details });
  }
  if (error.validation) return reply.status(400).send(validationResponse(error));
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return reply.status(known.status).send({ message: known.message, code: known.code });
  const multipart = multipartError(error);
  if (multipart) return reply.status(400).send({ message: multipart, code: 'VALIDATION_ERROR' });
  if (isDatabaseUnavailable(error)) {
    // a timeout or a lost connection: nothing was applied (the transaction rolled back), the pool replaces the client
    request.log.warn({ err: error, reqId: request.id }, 'database unavailable');
    return reply
      .status(503)
      .header('Retry-After', '5')
      .send({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'DATABASE_UNAVAILABLE' });
  }
  const constraint = constraintError(error);
  if (constraint)
    return reply.status(constraint.statusCode).send({ message: constraint.message, code: constraint.code });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    request.log.info({ err: error }, 'client error');
    const byStatus = CODE_BY_STATUS[error.statusCode] ?? {
      code: 'VALIDATION_ERROR',
      message: 'Requisição inválida.',
    };
    return reply.status(error.statusCode).send(byStatus);
  }
  request.log.error({ err: error, reqId: request.id }, 'unhandled error');
  return reply.status(500).send({
    message: `Erro interno do servidor. Tente novamente; se persistir, informe o código ${request.id}.`,
    code: 'INTERNAL',
  });
}

const SOCKET_ERRORS: Record<string, { status: number; reason: string; body: TErrorResponse }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    body: { message: 'Cabeçalhos da requisição grandes demais.', code: 'PAYLOAD_TOO_LARGE' },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    body: { message: 'A requisição demorou demais para chegar.', code: 'VALIDATION_ERROR' },
  },
};
const MALFORMED_HTTP = {
  status: 400,
  reason: 'Bad Request',
  body: { message: 'Requisição HTTP malformada.', code: 'VALIDATION_ERROR' } satisfies TErrorResponse,
};

/** Errors Node raises on the socket before there is a request (e.g. headers past the size limit). */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code ? SOCKET_ERRORS[error.code] : undefined) ?? MALFORMED_HTTP;
  if (socket.writable) {
    const body = JSON.stringify(known.body);
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(errorHandler);
  // every API route may answer 503 DATABASE_UNAVAILABLE: declared once, for the routes registered after this
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) declareDatabaseRefusal(route);
  });
}
