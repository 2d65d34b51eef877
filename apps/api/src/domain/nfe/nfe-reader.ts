import { documentKind, normalizeDocument } from '@armazem/contracts/documents';
import { AppError } from '../../lib/errors.ts';
import {
  child,
  children,
  parseXml,
  path,
  textOf,
  unprocessable,
  type XmlElement,
} from '../../lib/uploads/xml-tree.ts';
import { hasValidCheckDigit, KEY_PATTERN, keyDisagreements } from './nfe-key.ts';
import { readItems, readTotals, type NfeItem, type NfeTotals } from './nfe-items.ts';
import { readDateTime } from './nfe-values.ts';
import { verifyNfeSignature, type NfeSignature } from './nfe-signature.ts';
import { readEventTree, type NfeEvent } from './nfe-event.ts';

export const NFE_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe';
export const MAX_NFE_BYTES = 5 * 1024 * 1024;

export interface NfeParty {
  document: string;
  name: string;
  tradeName: string | null;
  stateRegistration: string | null;
  address: {
    street: string | null;
    number: string | null;
    district: string | null;
    city: string | null;
    /** cMun, the IBGE code of the municipality */
    cityCode: string | null;
    state: string | null;
    zip: string | null;
  };
}

export interface NfeDocument {
  accessKey: string;
  number: string;
  series: string;
  /** ide/mod: 55 (NF-e) or 65 (NFC-e, always a sale the business issued) */
  model: '55' | '65';
  /** ide/tpNF: 0 entry, 1 exit, from the emitter's point of view */
  tpNF: string;
  /** ide/finNFe: 1 normal, 2 complementar, 3 ajuste, 4 devolução */
  finNFe: string;
  /** ide/natOp, the nature of the operation as the emitter wrote it */
  natOp: string;
  /** the access keys of the documents the note refers to (NFref/refNFe) */
  references: string[];
  /** dhEmi as an instant (UTC) and as the date the emitter wrote */
  issuedAt: string;
  issuedOn: string;
  /** protNFe present with cStat 100 or 150 for this very key */
  authorized: boolean;
  status: { code: string; reason: string } | null;
  emitter: NfeParty;
  destination: { document: string | null; name: string | null };
  /** the destination as a participant (a note the business issued: the other side), when it names a document */
  destinationParty: NfeParty | null;
  items: Array<NfeItem & { hasIcmsSt: boolean }>;
  totals: NfeTotals;
  /** the XML signature, verified (a note whose signature does not verify is refused) */
  signature: NfeSignature;
}

const NOT_NFE = 'O arquivo não é uma NF-e: esperava o elemento nfeProc ou NFe.';

function nfeRoot(root: XmlElement): { nfe: XmlElement; prot: XmlElement | null } {
  if (root.name !== 'nfeProc' && root.name !== 'NFe') throw unprocessable(NOT_NFE);
  if (root.uri !== NFE_NAMESPACE) {
    throw unprocessable(`O XML não está no namespace da NF-e (${NFE_NAMESPACE}).`);
  }
  if (root.name === 'NFe') return { nfe: root, prot: null };
  const notes = children(root, 'NFe');
  const nfe = notes[0];
  if (!nfe) throw unprocessable('O nfeProc não contém a NF-e (elemento NFe).');
  if (notes.length > 1) {
    throw unprocessable(
      `O nfeProc contém ${notes.length} NF-e (elementos NFe); o XML de distribuição traz uma só nota. Envie um arquivo por nota.`,
    );
  }
  return { nfe, prot: path(root, 'protNFe', 'infProt') };
}

function readParty(party: XmlElement | null, address: XmlElement | null): NfeParty {
  const document = normalizeDocument(textOf(party, 'CNPJ') ?? textOf(party, 'CPF') ?? '');
  return {
    document,
    name: (textOf(party, 'xNome') ?? '').slice(0, 200),
    tradeName: textOf(party, 'xFant')?.slice(0, 200) ?? null,
    stateRegistration: textOf(party, 'IE')?.slice(0, 20) ?? null,
    address: {
      street: textOf(address, 'xLgr')?.slice(0, 200) ?? null,
      number: textOf(address, 'nro')?.slice(0, 20) ?? null,
      district: textOf(address, 'xBairro')?.slice(0, 100) ?? null,
      city: textOf(address, 'xMun')?.slice(0, 100) ?? null,
      cityCode: /^\d{7}$/.test(textOf(address, 'cMun') ?? '') ? textOf(address, 'cMun') : null,
      state: textOf(address, 'UF')?.slice(0, 2) ?? null,
      zip: textOf(address, 'CEP')?.slice(0, 8) ?? null,
    },
  };
}

function checkKey(key: string, ide: XmlElement, emitter: NfeParty, dhEmi: string) {
  if (!KEY_PATTERN.test(key)) {
    throw unprocessable('A chave de acesso (atributo Id de infNFe) não tem 44 posições no formato da NF-e.');
  }
  if (!hasValidCheckDigit(key)) {
    throw unprocessable(`A chave de acesso ${key} tem o dígito verificador errado.`);
  }
  const problems = keyDisagreements(key, {
    cUF: textOf(ide, 'cUF') ?? '',
    yearMonth: dhEmi.slice(2, 4) + dhEmi.slice(5, 7),
    document: emitter.document,
    model: textOf(ide, 'mod') ?? '',
    series: textOf(ide, 'serie') ?? '',
    number: textOf(ide, 'nNF') ?? '',
    emissionType: textOf(ide, 'tpEmis') ?? '',
    randomCode: textOf(ide, 'cNF') ?? '',
    checkDigit: textOf(ide, 'cDV') ?? '',
  });
  if (problems.length > 0) {
    throw unprocessable(`A chave de acesso não confere com a nota — ${problems.join('; ')}.`);
  }
}

function readIde(infNFe: XmlElement) {
  const ide = child(infNFe, 'ide');
  if (!ide) throw unprocessable('A nota não tem o grupo de identificação (ide).');
  const model = textOf(ide, 'mod') ?? '';
  if (model !== '55' && model !== '65') {
    throw unprocessable(
      'O arquivo não é uma NF-e (modelo 55) nem uma NFC-e (modelo 65): outros modelos não são aceitos.',
    );
  }
  if (textOf(ide, 'tpAmb') === '2') {
    throw unprocessable(
      'Esta NF-e foi emitida em homologação (tpAmb 2, ambiente de testes) e não tem valor fiscal.',
    );
  }
  const number = textOf(ide, 'nNF');
  const series = textOf(ide, 'serie');
  if (!number || !/^[0-9]{1,9}$/.test(number) || !series || !/^[0-9]{1,3}$/.test(series)) {
    throw unprocessable('O número (nNF) ou a série da nota está ausente ou inválido.');
  }
  const tpNF = textOf(ide, 'tpNF') ?? '';
  if (tpNF !== '0' && tpNF !== '1')
    throw unprocessable('O tipo da nota (tpNF) deve ser 0 (entrada) ou 1 (saída).');
  // an NFC-e is always a sale to a consumer (facts §3: rejection 706 for an entry)
  if (model === '65' && tpNF !== '1') throw unprocessable('Uma NFC-e é sempre de saída (tpNF 1).');
  const finNFe = textOf(ide, 'finNFe') ?? '';
  if (!/^[1-6]$/.test(finNFe)) throw unprocessable('A finalidade da nota (finNFe) está ausente ou inválida.');
  const references = children(ide, 'NFref').flatMap((ref) => {
    const key = textOf(ref, 'refNFe');
    return key && KEY_PATTERN.test(key) ? [key] : [];
  });
  return {
    ide,
    number,
    series,
    model: model as '55' | '65',
    tpNF,
    finNFe,
    natOp: (textOf(ide, 'natOp') ?? '').slice(0, 200),
    references,
  };
}

/** 100 authorised; 150 authorised out of deadline (facts §1.7). */
const AUTHORIZED = new Set(['100', '150']);
/** Use denied (denegada): the SEFAZ keeps the note but it has no fiscal value, so it never enters the stock. */
const DENIED = new Set(['110', '205', '301', '302', '303']);
/** Cancelled (101), cancelled out of deadline (151), and the cancellation event's own codes (135, 155): facts §4. */
const CANCELLED = new Set(['101', '151', '135', '155']);

function readStatus(prot: XmlElement | null, key: string) {
  if (!prot) return { status: null, authorized: false, digVal: null };
  const code = textOf(prot, 'cStat') ?? '';
  const status = { code, reason: textOf(prot, 'xMotivo')?.slice(0, 255) ?? '' };
  if (CANCELLED.has(code)) {
    throw cancelledNote(
      `Esta NF-e foi cancelada (cStat ${code}${status.reason ? `: ${status.reason}` : ''}). Uma nota cancelada não movimenta o estoque.`,
    );
  }
  if (DENIED.has(code)) {
    throw unprocessable(
      `A SEFAZ denegou o uso desta NF-e (cStat ${code}${status.reason ? `: ${status.reason}` : ''}). Uma nota denegada não tem valor fiscal e não pode entrar no estoque.`,
    );
  }
  const digVal = textOf(prot, 'digVal')?.trim() ?? null;
  return { status, authorized: AUTHORIZED.has(code) && textOf(prot, 'chNFe') === key, digVal };
}

/** A note whose protocol says cancelled: refused, and a batch of documents shows it as `cancelled` (§6.4). */
const cancelledNote = (message: string) =>
  new AppError('UNPROCESSABLE', message, { details: { documentStatus: 'cancelled' } });

export const isCancelledNote = (error: unknown) =>
  error instanceof AppError && error.details?.documentStatus === 'cancelled';

/** infNFe/@Id is "NFe" and the 44-position key, nothing else. */
function keyOfId(id: string | undefined): string {
  if (!id?.startsWith('NFe')) {
    throw unprocessable(
      `O atributo Id de infNFe deve ser "NFe" seguido da chave de acesso; a nota traz ${id === undefined ? 'nenhum' : `"${id.slice(0, 60)}"`}.`,
    );
  }
  return id.slice(3);
}

/** Reads and checks one NF-e 4.00 file (nfeProc or bare NFe). Anything else is a 422 that says why. */
export function readNfe(bytes: Uint8Array): NfeDocument {
  return readNfeTree(parseXml(bytes), bytes);
}

/** A fiscal XML a person drops: a note, or an event about one (a cancellation). */
export type FiscalXml = { kind: 'note'; doc: NfeDocument } | { kind: 'event'; event: NfeEvent };

/** Reads an NF-e or, when the root is `procEventoNFe`, the event it is. */
export function readFiscalXml(bytes: Uint8Array): FiscalXml {
  const root = parseXml(bytes);
  if (root.name === 'procEventoNFe' && root.uri === NFE_NAMESPACE) {
    return { kind: 'event', event: readEventTree(root, new TextDecoder().decode(bytes)) };
  }
  return { kind: 'note', doc: readNfeTree(root, bytes) };
}

function readNfeTree(root: XmlElement, bytes: Uint8Array): NfeDocument {
  const { nfe, prot } = nfeRoot(root);
  const infNFe = child(nfe, 'infNFe');
  if (!infNFe || infNFe.uri !== NFE_NAMESPACE)
    throw unprocessable('A NF-e não tem o grupo infNFe no namespace da NF-e.');
  if (infNFe.attributes.versao !== '4.00') {
    throw unprocessable(
      `A versão da NF-e é ${infNFe.attributes.versao ?? '(ausente)'}; só a versão 4.00 é aceita.`,
    );
  }
  const { ide, ...identity } = readIde(infNFe);
  const dhEmi = textOf(ide, 'dhEmi');
  const issued = readDateTime(dhEmi, 'de emissão (dhEmi)');
  const emitNode = child(infNFe, 'emit');
  const emitter = readParty(emitNode, child(emitNode, 'enderEmit'));
  if (!emitter.document) throw unprocessable('A nota não traz o CNPJ ou CPF do emitente.');
  // the rule of the supplier form: an NF-e never creates a supplier the form itself would refuse
  if (documentKind(emitter.document) === null) {
    throw unprocessable(
      `O CNPJ ou CPF do emitente (${emitter.document.slice(0, 20)}) é inválido: confira os dígitos verificadores.`,
    );
  }
  const key = keyOfId(infNFe.attributes.Id);
  checkKey(key, ide, emitter, issued.date);
  const dest = child(infNFe, 'dest');
  const destDocument = textOf(dest, 'CNPJ') ?? textOf(dest, 'CPF');
  const { digVal, ...status } = readStatus(prot, key);
  const items = readItems(infNFe);
  const totals = readTotals(infNFe);
  const signature = verifyNfeSignature(new TextDecoder().decode(bytes), {
    id: `NFe${key}`,
    emitterDocument: emitter.document,
    issuedAt: issued.instant,
    digVal,
  });
  return {
    accessKey: key,
    ...identity,
    issuedAt: issued.instant,
    issuedOn: issued.date,
    ...status,
    emitter,
    destination: {
      document: destDocument ? normalizeDocument(destDocument) : null,
      name: textOf(dest, 'xNome'),
    },
    destinationParty: destDocument ? readParty(dest, child(dest, 'enderDest')) : null,
    items,
    totals,
    signature,
  };
}
