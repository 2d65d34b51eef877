import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TErrorCode, TErrorResponse } from '@armazem/contracts/common';
import { AppError } from '../lib/errors.ts';
import { FIELD_LABELS } from '../lib/field-labels.ts';

const FASTIFY_ERRORS: Record<string, { status: number; code: TErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'JSON inválido no corpo da requisição.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'O corpo da requisição está vazio.',
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
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Envie apenas um arquivo.' },
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
};

/** Database constraint violations that the domain did not catch first still get an honest 409. */
function constraintError(error: unknown): AppError | null {
  const e = error as { code?: string; errcode?: number; message?: string };
  if (e.code === '23505' || e.errcode === 2067 || e.errcode === 1555) {
    return new AppError('CONFLICT', 'Já existe um registro com esses dados.');
  }
  if (e.code === '23503' || e.errcode === 787) {
    return new AppError('CONFLICT', 'Este registro está em uso por outros dados. Considere desativá-lo.');
  }
  if (e.code === '23514' || e.errcode === 275) {
    return new AppError('CONFLICT', 'A operação violaria uma regra do estoque e foi recusada.');
  }
  return null;
}

function labelOf(path: string): string {
  const leaf =
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? '';
  return FIELD_LABELS[leaf] ?? leaf;
}

function validationResponse(error: FastifyError): TErrorResponse {
  const validation = hasZodFastifySchemaValidationErrors(error) ? error.validation : (error.validation ?? []);
  const issues = validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'Valor inválido.',
  }));
  const message = issues
    // "Selecione a categoria." already names its field
    .map((issue) =>
      issue.path && !issue.message.startsWith('Selecione ')
        ? `${labelOf(issue.path)}: ${issue.message}`
        : issue.message,
    )
    .join(' ');
  return { message: message || 'Dados inválidos.', code: 'VALIDATION_ERROR', issues };
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const body: TErrorResponse = { message: error.message, code: error.code };
    if (error.issues) body.issues = error.issues;
    return reply.status(error.statusCode).send({ ...body, ...error.details });
  }
  if (error.validation) return reply.status(400).send(validationResponse(error));
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return reply.status(known.status).send({ message: known.message, code: known.code });
  if (error.statusCode === 429) {
    return reply.status(429).send({
      message: 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.',
      code: 'RATE_LIMITED',
    });
  }
  const constraint = constraintError(error);
  if (constraint)
    return reply.status(constraint.statusCode).send({ message: constraint.message, code: constraint.code });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    request.log.info({ err: error }, 'client error');
    return reply.status(error.statusCode).send({ message: 'Requisição inválida.', code: 'VALIDATION_ERROR' });
  }
  request.log.error({ err: error, reqId: request.id }, 'unhandled error');
  return reply.status(500).send({
    message: `Erro interno do servidor. Tente novamente; se persistir, informe o código ${request.id}.`,
    code: 'INTERNAL',
  });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(errorHandler);
}
