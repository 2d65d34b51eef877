import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { ZName } from '../src/common.ts';

const messageOf = (input: string) => {
  const result = safeParse(ZName, input);
  return result.success ? null : result.error.issues.map((issue) => issue.message).join(' ');
};

describe('a name someone can read', () => {
  it('takes a name with accents, trimmed', () => {
    expect(safeParse(ZName, '  Café torrado  ').data).toBe('Café torrado');
  });

  it('refuses a name of only invisible characters, or one with a control character', () => {
    expect(messageOf('\u200b')).toBe('Campo obrigatório.');
    expect(messageOf('\u200b\u2060')).toBe('Campo obrigatório.');
    expect(messageOf('Caixa\u0007')).toBe('O texto contém um caractere de controle, que não se lê.');
    expect(messageOf('   ')).toBe('Campo obrigatório.');
  });
});
