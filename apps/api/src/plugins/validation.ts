import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { NUL_MESSAGE, hasNul } from '@armazem/contracts/common';

/**
 * The path of the first string holding U+0000 anywhere in a body, query or params, or null. Iterative: a hostile
 * body nested a million levels deep must not overflow the stack.
 */
export function findNul(input: unknown): string[] | null {
  // Each entry points at its parent: the path is built only for the string that has a NUL, so the walk stays linear.
  interface Entry {
    value: unknown;
    key: string;
    parent: Entry | null;
  }
  const pending: Entry[] = [{ value: input, key: '', parent: null }];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    const { value } = entry;
    if (typeof value === 'string') {
      if (!hasNul(value)) continue;
      const path: string[] = [];
      for (let at: Entry | null = entry; at?.parent; at = at.parent) path.push(at.key);
      return path.reverse().slice(0, 8); // enough to name the field; a hostile depth is not echoed back
    }
    if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (typeof item === 'string' || (item && typeof item === 'object')) {
          pending.push({ value: item, key, parent: entry });
        }
      }
    }
  }
  return null;
}

/**
 * The zod validator, after one check every input gets whatever its schema says: no U+0000 in any string
 * (PostgreSQL cannot store it in text and nobody types it).
 */
export const validatorWithNulCheck: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  // A body whose every field is optional may be left out entirely (`POST …/post` with nothing): it reads as `{}`.
  const emptyBody = route.httpPart === 'body' ? validate({}) : null;
  const bodyMayBeEmpty = emptyBody !== null && !(emptyBody as { error?: unknown }).error;
  return (data: unknown) => {
    // Fastify hands a missing body over as null
    if ((data === undefined || data === null) && bodyMayBeEmpty) return emptyBody;
    const path = findNul(data);
    if (path) {
      return {
        error: [
          {
            keyword: 'nul',
            instancePath: `/${path.join('/')}`,
            schemaPath: '#',
            params: {},
            message: NUL_MESSAGE,
          },
        ],
      } as never;
    }
    return validate(data);
  };
};

/**
 * Every input through `validatorWithNulCheck`; JSON bodies through Fastify's own parser (with its prototype-poisoning
 * guards), except that an empty body is no body at all, so `content-type: application/json` with nothing after it is
 * answered like a request without a body: taken as `{}` where every field is optional, or "Envie os dados do pedido…"
 * where the body is required.
 */
export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorWithNulCheck);
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(request, text, done);
  });
}
