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

  it('refuses a bidirectional override or isolate, which would draw the name in another order', () => {
    for (const control of ['\u202e', '\u202a', '\u2066', '\u2069'])
      expect(messageOf(`Caf${control}é`)).toBe('O texto contém um caractere de controle, que não se lê.');
    // a right-to-left mark is no override: a name in Hebrew or Arabic may carry one
    expect(messageOf('Café \u200f')).toBeNull();
  });
});
