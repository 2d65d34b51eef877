import type { Tx } from '../../db/database.ts';
import { conflict, found, notFound } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import * as repo from './counts-repository.ts';

/** What every write to a count checks first: the count exists and is open, locked for the transaction. */

export const countNotFound = () => notFound('Balanço não encontrado.');

/**
 * The open count, locked: `update` (typed totals, sheets, posting) waits for every scan in flight and holds the
 * count still; `share` (a scan) lets scans run side by side, each adding in one statement.
 */
export async function lockOpen(
  { dialect }: ServiceDeps,
  tx: Tx,
  id: number,
  mode: 'update' | 'share' = 'update',
) {
  const count = found(await repo.lockCount(tx, dialect, id, mode), countNotFound);
  if (count.status === 'posted') throw conflict('Este balanço já foi lançado no estoque.');
  if (count.status === 'discarded') throw conflict('Este balanço foi descartado.');
  return count;
}
