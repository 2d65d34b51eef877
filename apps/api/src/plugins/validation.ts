import type { FastifySchemaCompiler } from 'fastify';
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
