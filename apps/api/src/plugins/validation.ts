import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { NUL_MESSAGE, hasNul } from '@armazem/contracts/common';
import { underflowError, underflowKey } from './json-underflow.ts';

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

type Issue = { keyword: string; instancePath: string; schemaPath: string; params: object; message: string };
const issue = (path: string, message: string): Issue => ({
  keyword: 'query',
  instancePath: `/${path}`,
  schemaPath: '#',
  params: {},
  message,
});

/** The keys an object schema knows (through pipes), or null when the schema is not an object. */
function knownKeys(schema: unknown): Set<string> | null {
  const def = (schema as { _zod?: { def?: { shape?: object; in?: unknown } } } | undefined)?._zod?.def;
  if (def?.shape) return new Set(Object.keys(def.shape));
  return def?.in ? knownKeys(def.in) : null;
}

/**
 * What a query string's schema cannot say itself (DESIGN §4, unknown input is a 400): a parameter the call does not
 * know, and one given twice (`?date=a&date=b` arrives as a list).
 */
function queryIssues(query: unknown, known: Set<string>): Issue[] {
  if (!query || typeof query !== 'object') return [];
  const issues: Issue[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (!known.has(key)) issues.push(issue(key, 'Parâmetro não reconhecido.'));
    else if (Array.isArray(value)) issues.push(issue(key, 'Informe um só valor.'));
  }
  return issues;
}

/**
 * The zod validator, after the checks every input gets whatever its schema says: no U+0000 in any string
 * (PostgreSQL cannot store it in text and nobody types it), and no unknown or repeated query parameter.
 */
export const validatorWithNulCheck: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  const known = route.httpPart === 'querystring' ? knownKeys(route.schema) : null;
  // A body whose every field is optional may be left out entirely (`POST …/post` with nothing): it reads as `{}`.
  const emptyBody = route.httpPart === 'body' ? validate({}) : null;
  const bodyMayBeEmpty = emptyBody !== null && !(emptyBody as { error?: unknown }).error;
  return (data: unknown) => {
    // Fastify hands a missing body over as null
    if ((data === undefined || data === null) && bodyMayBeEmpty) return emptyBody;
    const unknown = known ? queryIssues(data, known) : [];
    if (unknown.length > 0) return { error: unknown } as never;
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
  // JSON is the only body a call reads besides multipart uploads: Fastify's built-in text/plain parser goes, so a
  // body sent as text is 415 UNSUPPORTED_MEDIA_TYPE like any other type, not a 400 about its shape.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(request, text, (error: Error | null, body?: unknown) => {
      // a number that underflows (`1e-400`) is refused, not read as 0 (DESIGN §6.1)
      const underflow = error ? null : underflowKey(text);
      if (underflow !== null) done(underflowError(underflow), undefined);
      else done(error, body);
    });
  });
}
