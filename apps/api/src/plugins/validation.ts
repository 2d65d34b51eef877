import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { NUL_MESSAGE, hasNul } from '@armazem/contracts/common';

/** The path of the first string holding U+0000 anywhere in a body, query or params, or null. */
export function findNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return hasNul(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(item, [...path, key]);
      if (found) return found;
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
  return (data: unknown) => {
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
