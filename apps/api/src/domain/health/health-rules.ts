export const DRAINING = 'O servidor está sendo encerrado.';
export const DATABASE_DOWN = 'O banco de dados não responde ou não foi preparado.';

/** Why a database is not the one this code expects (the first missing migration), or null when it is. */
export function schemaProblem(expected: readonly string[], applied: readonly string[]): string | null {
  const names = new Set(applied);
  const missing = expected.find((name) => !names.has(name));
  return missing ? `O banco de dados não está na versão esperada (falta a migração ${missing}).` : null;
}
