import type { Tx } from '../../db/database.ts';
import { conflict } from '../../lib/errors.ts';
import { addressLine, documentTakenMessage, ROOT_LOCKED, rootProblem } from './places-rules.ts';
import { documentTaken, listEstablishmentRows } from './places-repository.ts';

/**
 * A CNPJ an establishment may take: no other establishment's, and of the root the others share; the settings' edit
 * of the business's document goes through here too (the matriz is the settings' business).
 */
export async function assertDocumentFits(tx: Tx, establishmentId: number, document: string) {
  if (await documentTaken(tx, document, establishmentId)) throw conflict(documentTakenMessage(document));
  const others = (await listEstablishmentRows(tx)).filter((row) => row.id !== establishmentId);
  if (
    others.length > 0 &&
    rootProblem(
      document,
      others.map((row) => row.document),
    )
  )
    throw conflict(ROOT_LOCKED);
}

/**
 * The settings' business changed: the matriz takes its document and IE (refused when it breaks the others' root).
 * Answers the matriz's address line ('' while it has no parts recorded).
 */
export async function syncMatriz(
  tx: Tx,
  business: { document: string; stateRegistration: string },
): Promise<string> {
  const [matriz, ...others] = await listEstablishmentRows(tx);
  if (!matriz) return '';
  const { document, stateRegistration } = business;
  if ((matriz.document ?? '') !== document) {
    if (document) await assertDocumentFits(tx, matriz.id, document);
    else if (others.length > 0) throw conflict(ROOT_LOCKED);
  }
  await tx
    .updateTable('establishments')
    .set({ document: document || null, state_registration: stateRegistration || null })
    .where('id', '=', matriz.id)
    .execute();
  return addressLine(matriz);
}
