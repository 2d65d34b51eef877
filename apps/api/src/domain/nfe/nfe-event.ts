import { documentKind, normalizeDocument } from '@armazem/contracts/documents';
import { child, path, textOf, unprocessable, type XmlElement } from '../../lib/uploads/xml-tree.ts';
import { hasValidCheckDigit, KEY_PATTERN } from './nfe-key.ts';
import { readDateTime } from './nfe-values.ts';
import { verifyNfeSignature } from './nfe-signature.ts';

/**
 * An NF-e event as SEFAZ returns it (`procEventoNFe`: the signed `evento` and SEFAZ's `retEvento`, facts §4). Only
 * what changes the stock is taken: a cancellation (110111, or 110112 by substitution) registered by SEFAZ (135, 136
 * or 155). A correction letter (110110) cannot change quantities or values and is said so; other events are refused.
 */

export interface NfeEvent {
  kind: 'cancellation';
  accessKey: string;
  type: string;
  /** the protocol SEFAZ gave the event */
  protocol: string | null;
  reason: string;
  registeredAt: string;
}

const CANCELLATIONS = new Set(['110111', '110112']);
const REGISTERED = new Set(['135', '136', '155']);

function readInfEvento(root: XmlElement) {
  const info = path(root, 'evento', 'infEvento');
  if (!info) throw unprocessable('O evento não tem o grupo infEvento.');
  if (textOf(info, 'tpAmb') === '2') {
    throw unprocessable(
      'Este evento foi registrado em homologação (tpAmb 2, ambiente de testes) e não tem valor fiscal.',
    );
  }
  const key = textOf(info, 'chNFe') ?? '';
  if (!KEY_PATTERN.test(key) || !hasValidCheckDigit(key)) {
    throw unprocessable('A chave de acesso do evento (chNFe) é inválida.');
  }
  const author = normalizeDocument(textOf(info, 'CNPJ') ?? textOf(info, 'CPF') ?? '');
  if (documentKind(author) === null) throw unprocessable('O evento não traz um CNPJ ou CPF válido do autor.');
  return { info, key, author, type: textOf(info, 'tpEvento') ?? '' };
}

/** Reads and checks one `procEventoNFe` (its signature included). */
export function readEventTree(root: XmlElement, xml: string): NfeEvent {
  const { info, key, author, type } = readInfEvento(root);
  if (type === '110110') {
    throw unprocessable(
      'É uma carta de correção (CC-e): por lei ela não muda quantidades, valores nem partes da nota, e o estoque fica como está.',
    );
  }
  if (!CANCELLATIONS.has(type)) {
    throw unprocessable(
      `O evento ${type || '(sem tipo)'} não altera o estoque: só o cancelamento (110111) é lido.`,
    );
  }
  const answer = path(root, 'retEvento', 'infEvento');
  const code = textOf(answer, 'cStat') ?? '';
  if (!REGISTERED.has(code)) {
    throw unprocessable(
      `A SEFAZ não registrou este cancelamento (cStat ${code || 'ausente'}${textOf(answer, 'xMotivo') ? `: ${textOf(answer, 'xMotivo')}` : ''}): a nota continua válida.`,
    );
  }
  // the key's positions 7–20 are the emitter's CNPJ: only the emitter cancels its note
  if (author.slice(0, 8) !== key.slice(6, 14)) {
    throw unprocessable(
      'O autor do cancelamento não é o emitente da nota (a chave de acesso traz outro CNPJ).',
    );
  }
  const signedAt = readDateTime(textOf(info, 'dhEvento'), 'do evento (dhEvento)');
  verifyNfeSignature(xml, {
    id: info.attributes.Id ?? '',
    emitterDocument: author,
    issuedAt: signedAt.instant,
    digVal: null,
    container: 'evento',
  });
  const detail = child(info, 'detEvento');
  return {
    kind: 'cancellation',
    accessKey: key,
    type,
    protocol: textOf(answer, 'nProt') ?? textOf(detail, 'nProt'),
    reason: (textOf(detail, 'xJust') ?? '').slice(0, 200),
    registeredAt: signedAt.instant,
  };
}
