import { z } from 'zod/mini';
import { formatBrazilian } from './decimal.ts';

const SIZE_UNITS: Record<string, string> = {
  string: 'caracteres',
  array: 'itens',
  set: 'itens',
  file: 'bytes',
};

/** A limit as a Brazilian reads it: 2.000, 0,5, -3. */
function br(value: number | bigint): string {
  if (typeof value === 'bigint') return formatBrazilian(value, 0);
  if (Number.isSafeInteger(value)) return formatBrazilian(BigInt(value), 0);
  return String(value).replace('.', ',');
}

/** Brazilian Portuguese messages for zod's built-in checks (zod ships only European Portuguese). */
export const ptBrErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? 'Campo obrigatório.'
        : `Valor inválido: esperado ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Valor inválido: esperado ${String(issue.values[0])}.`
        : `Opção inválida: use ${issue.values.map(String).join(', ')}.`;
    case 'too_big': {
      const unit = SIZE_UNITS[issue.origin];
      return unit
        ? `Máximo de ${br(issue.maximum)} ${unit}.`
        : `O valor deve ser no máximo ${br(issue.maximum)}.`;
    }
    case 'too_small': {
      const unit = SIZE_UNITS[issue.origin];
      if (issue.origin === 'string' && issue.minimum === 1) return 'Campo obrigatório.';
      if (unit) return `Mínimo de ${br(issue.minimum)} ${unit}.`;
      return issue.inclusive
        ? `O valor deve ser no mínimo ${br(issue.minimum)}.`
        : `O valor deve ser maior que ${br(issue.minimum)}.`;
    }
    case 'invalid_format':
      return issue.format === 'email' ? 'E-mail inválido.' : 'Formato inválido.';
    case 'not_multiple_of':
      return `O valor deve ser múltiplo de ${br(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Campo${issue.keys.length > 1 ? 's' : ''} não reconhecido${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
      return 'Valor inválido.';
    default:
      return 'Valor inválido.';
  }
};

const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  number: 'número',
  int: 'número inteiro',
  boolean: 'verdadeiro ou falso',
  object: 'objeto',
  array: 'lista',
  date: 'data',
  bigint: 'número',
};

z.config({ customError: ptBrErrorMap });
