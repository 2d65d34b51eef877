import { createHash, verify } from 'node:crypto';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';
import { AppError } from '../../lib/errors.ts';
import { readCertificate, type ReadCertificate } from './nfe-certificate.ts';
import { canonicalChild } from './c14n-stream.ts';

/**
 * The XML signature of an NF-e (DESIGN.md §6.2 "Signature", facts §5): the fixed profile (one Reference to
 * `#NFe<key>`, C14N 1.0 inclusive, enveloped-signature + C14N transforms, SHA-1, RSA-SHA1, one X509Certificate), the
 * digest of infNFe and the RSA signature of SignedInfo, both canonicalised by xml-crypto's C14N 1.0 on the NFe
 * element as a document of its own (facts §5.2 pitfall 4), the protocol's digVal equal to the DigestValue, and the certificate's CNPJ root equal to the emitter's and
 * valid at the issue date. The certificate chain and revocation need the network: not checked (the preview names the
 * issuer). The file was already read by the safe reader (xml-tree.ts: no DTD, no entity), so xmldom sees a plain
 * document.
 */

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = `${DSIG}enveloped-signature`;
const SHA1 = `${DSIG}sha1`;
const RSA_SHA1 = `${DSIG}rsa-sha1`;

export interface NfeSignature {
  verified: true;
  signer: { name: string; document: string | null };
  issuer: string;
  validFrom: string;
  validTo: string;
}

/** What is signed: the NFe's infNFe (the default), or an event's infEvento inside `evento`. */
export interface SignedNote {
  /** the Id of the signed element: "NFe" + the key, or "ID" + tpEvento + key + sequence */
  id: string;
  /** the CNPJ or CPF whose certificate must have signed */
  emitterDocument: string;
  /** when it was signed: dhEmi or dhEvento, as an instant (UTC) */
  issuedAt: string;
  /** protNFe/infProt/digVal, when the file carries the protocol */
  digVal: string | null;
  container?: 'NFe' | 'evento';
}

const SIGNED_CHILD = { NFe: 'infNFe', evento: 'infEvento' } as const;

const invalid = (what: string) =>
  new AppError('SIGNATURE_INVALID', `A assinatura digital da NF-e não confere: ${what}`);

const elementChildren = (parent: Element, name: string, ns: string): Element[] => {
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    const element = node as Element;
    if (node.nodeType === 1 && element.localName === name && element.namespaceURI === ns) out.push(element);
  }
  return out;
};
const one = (parent: Element | undefined, name: string, ns = DSIG): Element | undefined => {
  if (!parent) return undefined;
  const found = elementChildren(parent, name, ns);
  return found.length === 1 ? found[0] : undefined;
};
const algorithm = (element: Element | undefined) => element?.getAttribute('Algorithm') ?? null;

// xmldom reports malformed input through its handler; the safe reader already refused any malformed file
const quiet = { warning: () => undefined, error: () => undefined, fatalError: () => undefined };
const parse = (xml: string) => new DOMParser({ errorHandler: quiet }).parseFromString(xml, 'text/xml');

/**
 * The signed container (NFe, or an event's `evento`) as a document of its own (facts §5.2: verify it standalone, so
 * no namespace of an envelope is pulled into the canonical form): the file's own bytes between `<NFe` and `</NFe>`
 * when it is written plainly, which is how every authorised file is; else the element serialised by xmldom.
 */
function standalone(xml: string, name: 'NFe' | 'evento'): Element {
  const start = xml.search(new RegExp(`<${name}[\\s>]`));
  const end = xml.lastIndexOf(`</${name}>`);
  if (start >= 0 && end > start && xml.indexOf(`<${name}`, start + name.length + 1) < 0) {
    const element = parse(xml.slice(start, end + name.length + 3)).documentElement;
    if (element?.localName === name && element.namespaceURI) return element;
  }
  const root = parse(xml).documentElement;
  const found =
    root?.localName === name
      ? root
      : root
        ? elementChildren(root, name, root.namespaceURI ?? '')[0]
        : undefined;
  if (!found) throw invalid('o documento assinado não foi encontrado no arquivo.');
  return parse(new XMLSerializer().serializeToString(found)).documentElement!;
}

/** The fixed profile of the NF-e signature: anything else is refused before any cryptography (no substitution). */
function checkProfile(signature: Element, id: string): string {
  const signedInfo = one(signature, 'SignedInfo');
  const references = signedInfo ? elementChildren(signedInfo, 'Reference', DSIG) : [];
  const reference = references[0];
  if (!signedInfo || references.length !== 1 || !reference) {
    throw invalid('a assinatura deve ter exatamente uma referência (Reference).');
  }
  if (reference.getAttribute('URI') !== `#${id}`) {
    throw invalid(`a assinatura não se refere a este documento (URI deveria ser #${id}).`);
  }
  const transforms = elementChildren(one(reference, 'Transforms') ?? reference, 'Transform', DSIG).map(
    algorithm,
  );
  const profile =
    algorithm(one(signedInfo, 'CanonicalizationMethod')) === C14N &&
    algorithm(one(signedInfo, 'SignatureMethod')) === RSA_SHA1 &&
    algorithm(one(reference, 'DigestMethod')) === SHA1 &&
    transforms.length === 2 &&
    transforms[0] === ENVELOPED &&
    transforms[1] === C14N;
  if (!profile) {
    throw invalid('os algoritmos não são os da NF-e (C14N, enveloped-signature, SHA-1 e RSA-SHA1).');
  }
  const certificates = elementChildren(
    one(one(signature, 'KeyInfo'), 'X509Data') ?? signature,
    'X509Certificate',
    DSIG,
  );
  if (certificates.length !== 1) throw invalid('o arquivo deve trazer um certificado (X509Certificate).');
  return (certificates[0]?.textContent ?? '').replace(/\s+/g, '');
}

/** The CN without its ":CNPJ" suffix, else the first O. */
function nameOf(distinguished: string): string {
  const field = (key: string) =>
    distinguished
      .split('\n')
      .find((line) => line.startsWith(`${key}=`))
      ?.slice(key.length + 1);
  return (field('CN') ?? field('O') ?? distinguished).replace(/:[0-9A-Z]{11,14}$/, '');
}

/**
 * The namespaces an element inherits (prefix → URI), which inclusive C14N renders on it: the nearest binding of each
 * prefix, less undeclarations and the element's own prefix, which the canonicaliser renders itself.
 */
function inheritedNamespaces(element: Element) {
  const seen = new Map<string, string>([[element.prefix ?? '', '']]);
  for (let i = 0; i < element.attributes.length; i++) {
    const attribute = element.attributes[i]!;
    if (attribute.prefix === 'xmlns') seen.set(attribute.localName, '');
  }
  for (
    let node = element.parentNode as Element | null;
    node && node.nodeType === 1;
    node = node.parentNode as Element | null
  ) {
    for (let i = 0; i < node.attributes.length; i++) {
      const attribute = node.attributes[i]!;
      const prefix =
        attribute.prefix === 'xmlns' ? attribute.localName : attribute.name === 'xmlns' ? '' : null;
      if (prefix !== null && !seen.has(prefix)) seen.set(prefix, attribute.value);
    }
  }
  return [...seen]
    .filter(([, namespaceURI]) => namespaceURI !== '')
    .map(([prefix, namespaceURI]) => ({ prefix, namespaceURI }));
}

const canonical = (element: Element) =>
  new C14nCanonicalization().process(element, { ancestorNamespaces: inheritedNamespaces(element) }) as string;

const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('base64');

/**
 * The digest of infNFe (or infEvento) by the DOM path: the container parsed by xmldom and the element canonicalised by
 * xml-crypto. xml-crypto's own `checkSignature` finds the referenced element with XPath over the whole document: 7–13
 * s for a note of 990 items here, so the element is taken directly (decision 0061).
 */
function domDigest(xml: string, container: 'NFe' | 'evento', reference: Element): string {
  const element = standalone(xml, container);
  const signed = elementChildren(element, SIGNED_CHILD[container], element.namespaceURI ?? '');
  if (signed.length !== 1 || `#${signed[0]!.getAttribute('Id')}` !== reference.getAttribute('URI')) {
    throw invalid(`o documento deve ter um só ${SIGNED_CHILD[container]}, o que a assinatura referencia.`);
  }
  return sha1(canonical(signed[0]!));
}

/**
 * The digest check: first the canonical form written while saxes reads the container's text (c14n-stream.ts,
 * tens of milliseconds); only when that does not match, the DOM path, which decides (a difference between the two can
 * only cost time, never a wrong refusal).
 */
function checkDigest(xml: string, text: string | null, container: 'NFe' | 'evento', reference: Element) {
  const expected = one(reference, 'DigestValue')?.textContent?.trim();
  const fast = text === null ? null : canonicalChild(text, SIGNED_CHILD[container]);
  if (fast !== null && sha1(fast) === expected) return;
  if (domDigest(xml, container, reference) !== expected) {
    throw invalid('o conteúdo da nota foi alterado depois de assinado (o resumo, DigestValue, não confere).');
  }
}

/** The RSA signature of SignedInfo, with the key of the certificate in the file. */
function checkSignatureValue(signature: Element, certificate: ReadCertificate) {
  const signedInfo = one(signature, 'SignedInfo')!;
  const value = Buffer.from(
    (one(signature, 'SignatureValue')?.textContent ?? '').replace(/\s+/g, ''),
    'base64',
  );
  let valid: boolean;
  try {
    valid = verify('RSA-SHA1', Buffer.from(canonical(signedInfo), 'utf8'), certificate.publicKey, value);
  } catch {
    valid = false;
  }
  if (!valid)
    throw invalid('a assinatura (SignatureValue) não foi feita com a chave do certificado do arquivo.');
}

/** The container's own text (`<NFe …>…</NFe>`), as the file wrote it, or null when it is not written plainly. */
function containerText(xml: string, name: 'NFe' | 'evento'): string | null {
  const start = xml.search(new RegExp(`<${name}[\\s>]`));
  const end = xml.lastIndexOf(`</${name}>`);
  if (start < 0 || end <= start || xml.indexOf(`<${name}`, start + name.length + 1) >= 0) return null;
  return xml.slice(start, end + name.length + 3);
}

/**
 * The Signature element parsed on its own (a few kilobytes, not the whole note), when that gives the same canonical
 * SignedInfo as the whole document: the container declares no prefixed namespace and the Signature declares the
 * XMLDSig namespace itself. Otherwise null, and the whole container is parsed.
 */
function signatureAlone(text: string): Element | null {
  const openEnd = text.indexOf('>');
  if (openEnd < 0 || text.slice(0, openEnd).includes('xmlns:')) return null;
  // the last `<Signature` start tag (not `<SignatureValue` nor `<SignatureMethod`)
  let start = -1;
  for (const match of text.matchAll(/<Signature[\s>]/g)) start = match.index;
  const end = text.lastIndexOf('</Signature>');
  if (start < 0 || end < start) return null;
  const element = parse(text.slice(start, end + '</Signature>'.length)).documentElement;
  return element?.localName === 'Signature' && element.namespaceURI === DSIG ? element : null;
}

/** Verifies the note's signature (DESIGN.md §6.2); the refusal names what failed. */
export function verifyNfeSignature(xml: string, note: SignedNote): NfeSignature {
  const container = note.container ?? 'NFe';
  const text = containerText(xml, container);
  const signature =
    (text === null ? null : signatureAlone(text)) ??
    elementChildren(standalone(xml, container), 'Signature', DSIG)[0];
  if (!signature) {
    throw invalid(`${container === 'NFe' ? 'a nota' : 'o evento'} não tem assinatura digital (Signature).`);
  }
  const certificate = readCertificate(checkProfile(signature, note.id), invalid);
  checkSignatureValue(signature, certificate);
  checkDigest(xml, text, container, one(one(signature, 'SignedInfo'), 'Reference')!);
  const digest = one(one(one(signature, 'SignedInfo'), 'Reference'), 'DigestValue')?.textContent?.trim();
  if (note.digVal !== null && note.digVal !== digest) {
    throw invalid('o resumo da nota (DigestValue) difere do que a SEFAZ autorizou (digVal do protocolo).');
  }
  const { documents } = certificate;
  const emitter = note.emitterDocument;
  const root = (document: string) => (document.length === 14 ? document.slice(0, 8) : document);
  if (!documents.some((document) => root(document) === root(emitter))) {
    throw invalid(
      `o certificado que assinou não é do emitente (${emitter}): ${documents.length > 0 ? `é de ${documents.join(', ')}` : 'ele não traz CNPJ nem CPF'}.`,
    );
  }
  const issued = new Date(note.issuedAt);
  if (issued < certificate.validFrom || issued > certificate.validTo) {
    throw invalid('o certificado que assinou não era válido na data da assinatura (emissão).');
  }
  return {
    verified: true,
    signer: { name: nameOf(certificate.subject), document: documents[0] ?? null },
    issuer: nameOf(certificate.issuer),
    validFrom: certificate.validFrom.toISOString(),
    validTo: certificate.validTo.toISOString(),
  };
}
