import { X509Certificate, type KeyObject } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate, SubjectAlternativeName, id_ce_subjectAltName } from '@peculiar/asn1-x509';
import { fromBER } from 'asn1js';

/**
 * The CNPJ or CPF an ICP-Brasil certificate belongs to (facts §5.2 step 5). Node's X509Certificate prints the
 * subjectAltName's otherName entries as "<unsupported>", so the certificate is read with @peculiar/asn1-x509:
 * otherName 2.16.76.1.3.3 is the company's CNPJ; 2.16.76.1.3.1 an e-CPF's data (birth date, then the CPF). Many
 * certificates also end their CN with ":<CNPJ or CPF>", read as well.
 */

const CNPJ_OID = '2.16.76.1.3.3';
const PERSON_OID = '2.16.76.1.3.1';

/** The text of an otherName value: a string type (UTF8String, PrintableString, IA5String) or an OCTET STRING. */
function otherNameText(value: ArrayBuffer): string {
  const { result } = fromBER(value);
  const block = result.valueBlock as { value?: unknown; valueHexView?: Uint8Array };
  if (typeof block.value === 'string') return block.value;
  return block.valueHexView ? Buffer.from(block.valueHexView).toString('latin1') : '';
}

function alternativeNames(certificate: X509Certificate): string[] {
  try {
    const parsed = AsnConvert.parse(certificate.raw, Certificate);
    const extension = parsed.tbsCertificate.extensions?.find((e) => e.extnID === id_ce_subjectAltName);
    if (!extension) return [];
    const names = AsnConvert.parse(extension.extnValue, SubjectAlternativeName);
    return names.flatMap((name) => {
      const other = name.otherName;
      if (!other) return [];
      const text = otherNameText(other.value).replace(/\s+/g, '');
      if (other.typeId === CNPJ_OID && /^[0-9A-Z]{14}$/.test(text)) return [text];
      // e-CPF: DDMMAAAA, then the 11 digits of the CPF
      if (other.typeId === PERSON_OID && /^[0-9]{19}/.test(text)) return [text.slice(8, 19)];
      return [];
    });
  } catch {
    return [];
  }
}

/** Every CNPJ or CPF the certificate names, the otherName first. */
export function certificateDocuments(certificate: X509Certificate): string[] {
  const fromName = /:([0-9A-Z]{14}|[0-9]{11})$/m.exec(
    certificate.subject
      .split('\n')
      .find((line) => line.startsWith('CN='))
      ?.trim() ?? '',
  )?.[1];
  const documents = alternativeNames(certificate);
  if (fromName && !documents.includes(fromName)) documents.push(fromName);
  return documents;
}

/** What the checks read of a certificate, parsed once. */
export interface ReadCertificate {
  publicKey: KeyObject;
  documents: string[];
  subject: string;
  issuer: string;
  validFrom: Date;
  validTo: Date;
}

/**
 * Certificates already read, by their base64 text: a month of NFC-e carries one certificate (the business's A1) 5,000
 * times, and parsing it (X509Certificate, the subjectAltName through asn1) was half the cost of reading a note
 * (docs/performance.md, issue 31). Small and bounded: cleared whole past 64 certificates.
 */
const CERTIFICATES = new Map<string, ReadCertificate>();

export function readCertificate(base64: string, invalid: (why: string) => Error): ReadCertificate {
  const known = CERTIFICATES.get(base64);
  if (known) return known;
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from(base64, 'base64'));
  } catch {
    throw invalid('o certificado do arquivo (X509Certificate) não pôde ser lido.');
  }
  const read = {
    publicKey: certificate.publicKey,
    documents: certificateDocuments(certificate),
    subject: certificate.subject,
    issuer: certificate.issuer,
    validFrom: certificate.validFromDate,
    validTo: certificate.validToDate,
  };
  if (CERTIFICATES.size >= 64) CERTIFICATES.clear();
  CERTIFICATES.set(base64, read);
  return read;
}
