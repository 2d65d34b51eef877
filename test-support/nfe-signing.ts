/**
 * Signs test NF-e as an emitter's A1 certificate would (facts §5.1): a self-signed test certificate per emitter,
 * whose subjectAltName carries the ICP-Brasil otherName 2.16.76.1.3.3 with the CNPJ (or 2.16.76.1.3.1 with the
 * CPF of a person), and an enveloped XMLDSig over infNFe (C14N 1.0, SHA-1, RSA-SHA1) made by xml-crypto. Everything
 * is synchronous and made on this machine: one RSA key per test process, one certificate per emitter document.
 */
import crypto from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  Extension,
  Extensions,
  GeneralName,
  Name,
  OtherName,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
  id_ce_subjectAltName,
} from '@peculiar/asn1-x509';
import { SignedXml } from 'xml-crypto';

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';

let keys: { privateKey: crypto.KeyObject; publicKey: crypto.KeyObject } | undefined;
const keyPair = () => (keys ??= crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }));

const name = (commonName: string) =>
  new Name([
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({ type: '2.5.4.3', value: new AttributeValue({ utf8String: commonName }) }),
    ]),
  ]);

export interface TestCertificateOptions {
  /** the emitter's CNPJ (14) or CPF (11) */
  document: string;
  holder?: string;
  notBefore?: Date;
  notAfter?: Date;
}

const certificates = new Map<string, string>();

/** A PEM certificate of the test key for one emitter (cached). */
export function testCertificate(options: TestCertificateOptions): string {
  const notBefore = options.notBefore ?? new Date('2020-01-01T00:00:00Z');
  const notAfter = options.notAfter ?? new Date('9999-12-31T23:59:59Z');
  const cacheKey = `${options.document}|${notBefore.toISOString()}|${notAfter.toISOString()}`;
  const cached = certificates.get(cacheKey);
  if (cached) return cached;
  const { privateKey, publicKey } = keyPair();
  const person = options.document.length === 11;
  // ICP-Brasil: the CNPJ as 14 characters; an e-CPF's data is the birth date (DDMMAAAA) then the CPF
  const value = person ? `01011980${options.document}` : options.document;
  const alternative = new SubjectAlternativeName([
    new GeneralName({
      otherName: new OtherName({
        typeId: person ? '2.16.76.1.3.1' : '2.16.76.1.3.3',
        value: AsnConvert.serialize(new OctetString(Buffer.from(value, 'latin1'))),
      }),
    }),
  ]);
  const algorithm = new AlgorithmIdentifier({ algorithm: SHA256_WITH_RSA, parameters: null });
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: serialNumber(),
    signature: algorithm,
    issuer: name('AC Teste Armazem'),
    validity: new Validity({ notBefore, notAfter }),
    subject: name(`${options.holder ?? 'EMITENTE DE TESTE'}:${options.document}`),
    subjectPublicKeyInfo: AsnConvert.parse(
      publicKey.export({ type: 'spki', format: 'der' }),
      SubjectPublicKeyInfo,
    ),
    extensions: new Extensions([
      new Extension({
        extnID: id_ce_subjectAltName,
        critical: false,
        extnValue: new OctetString(AsnConvert.serialize(alternative)),
      }),
    ]),
  });
  const tbsDer = AsnConvert.serialize(tbs);
  const signatureValue = crypto.sign('sha256', Buffer.from(tbsDer), privateKey);
  const der = AsnConvert.serialize(
    new Certificate({
      tbsCertificate: tbs,
      signatureAlgorithm: algorithm,
      signatureValue: new Uint8Array(signatureValue).buffer,
    }),
  );
  const pem = `-----BEGIN CERTIFICATE-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim()}\n-----END CERTIFICATE-----\n`;
  certificates.set(cacheKey, pem);
  return pem;
}

/**
 * A random positive serial whose DER encoding is minimal: a first byte of 0x00 (then below 0x80) is a non-minimal
 * INTEGER that OpenSSL refuses, and one of 0x80 or more a negative one. Random bytes hit the first case about once in
 * 500 notes, and the note then went out unsigned (a flaky "não tem assinatura digital").
 */
function serialNumber(): ArrayBuffer {
  const bytes = new Uint8Array(crypto.randomBytes(8));
  bytes[0] = ((bytes[0] ?? 1) & 0x7f) | 0x01;
  return bytes.buffer;
}

/**
 * The NFe element (`<NFe xmlns=…>` with infNFe and no Signature) signed: the Signature appended after infNFe, with
 * the certificate in KeyInfo. Returns the signed element and the DigestValue (the protocol's digVal).
 */
export function signNfe(
  nfe: string,
  key: string,
  certificate: string,
  signed: { name: string; id: string } = { name: 'infNFe', id: `NFe${key}` },
): { xml: string; digest: string } {
  const signer = new SignedXml({
    privateKey: keyPair().privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicCert: certificate,
    canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  });
  signer.addReference({
    // a child step, not a search of the whole document: a note of 990 items signs in milliseconds, not seconds
    xpath: `/*/*[local-name(.)='${signed.name}']`,
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    ],
    digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
    uri: `#${signed.id}`,
  });
  signer.computeSignature(nfe, {
    location: { reference: `/*/*[local-name(.)='${signed.name}']`, action: 'after' },
  });
  const xml = signer.getSignedXml();
  const digest = /<DigestValue>([^<]+)<\/DigestValue>/.exec(xml)?.[1] ?? '';
  return { xml, digest };
}

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * What signNfe makes, without a DOM: for an NFe whose infNFe is already in canonical form once its inherited
 * namespace is declared (the builders' notes: no comments, no self-closing tags, no `>`, `"` or CR in text, each
 * element's attributes in canonical order). xml-crypto spends ~6 ms per note on a DOM and its canonicalisation,
 * which made a month of 5,200 notes take half a minute to build; this digest and signature take ~0.3 ms. The output
 * is byte for byte signNfe's (RSA PKCS#1 v1.5 is deterministic): apps/api/test/unit/fiscal-month.test.ts checks it.
 * Answers null for a note it cannot sign this way (the caller then uses signNfe).
 */
/** Whether C14N 1.0 would write this content as it is (and its elements inherit every namespace they use). */
function canonicalAsItStands(body: string): boolean {
  // self-closing tags, comments, processing instructions, CDATA, namespace declarations: C14N rewrites them
  if (/\/>|<[!?]|xmlns/.test(body)) return false;
  // more than one attribute: their order would matter; an attribute value C14N escapes
  for (const [tag] of body.matchAll(/<[^/>][^>]*>/g)) if (/=.*=|[\t\n\r<&]/.test(tag.slice(1))) return false;
  const text = body.replaceAll(/<[^<>]*>/g, '');
  return !/[<>\r]|&(?!amp;|lt;)/.test(text);
}

export function signCanonicalNfe(
  nfe: string,
  key: string,
  certificate: string,
): { xml: string; digest: string } | null {
  const open = /^<NFe xmlns="([^"]+)"><infNFe Id="([^"]+)" versao="([^"]+)">/.exec(nfe);
  const end = nfe.lastIndexOf('</infNFe>');
  if (!open || open[2] !== `NFe${key}` || !nfe.endsWith('</infNFe></NFe>')) return null;
  const body = nfe.slice(open[0].length, end);
  if (!canonicalAsItStands(body)) return null;
  const canonical = `<infNFe xmlns="${open[1]}" Id="${open[2]}" versao="${open[3]}">${body}</infNFe>`;
  const digest = crypto.createHash('sha1').update(canonical).digest('base64');
  const signedInfo = `<SignedInfo><CanonicalizationMethod Algorithm="${C14N}"/><SignatureMethod Algorithm="${DSIG}rsa-sha1"/><Reference URI="#${open[2]}"><Transforms><Transform Algorithm="${DSIG}enveloped-signature"/><Transform Algorithm="${C14N}"/></Transforms><DigestMethod Algorithm="${DSIG}sha1"/><DigestValue>${digest}</DigestValue></Reference></SignedInfo>`;
  const canonicalInfo = signedInfo
    .replace('<SignedInfo>', `<SignedInfo xmlns="${DSIG}">`)
    .replaceAll(/<(\w+)( [^>]*)\/>/g, '<$1$2></$1>');
  const value = crypto.sign('sha1', Buffer.from(canonicalInfo), keyPair().privateKey).toString('base64');
  const bare = certificate.replaceAll(/-----[A-Z ]+-----|\s/g, '');
  const signature = `<Signature xmlns="${DSIG}">${signedInfo}<SignatureValue>${value}</SignatureValue><KeyInfo><X509Data><X509Certificate>${bare}</X509Certificate></X509Data></KeyInfo></Signature>`;
  return { xml: `${nfe.slice(0, -'</NFe>'.length)}${signature}</NFe>`, digest };
}
