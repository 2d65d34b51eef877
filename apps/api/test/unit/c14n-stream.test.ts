import { describe, expect, it } from 'vitest';
import { DOMParser } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';
import { canonicalChild } from '../../src/domain/nfe/c14n-stream.ts';
import { buildNfe, manyItems } from '../../../../test-support/nfe-builder.ts';

/** xml-crypto's canonical form of the root's child `name`, with the root's namespaces inherited (the oracle). */
function oracle(xml: string, name: string): string {
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
  let child = root.firstChild;
  while (child && !(child.nodeType === 1 && (child as Element).localName === name)) child = child.nextSibling;
  const ancestorNamespaces = [...Array.from(root.attributes)]
    .filter((a) => a.name === 'xmlns' || a.name.startsWith('xmlns:'))
    .map((a) => ({ prefix: a.name === 'xmlns' ? '' : a.name.slice(6), namespaceURI: a.value }))
    .filter((ns) => ns.namespaceURI !== '' && ns.prefix !== ((child as Element).prefix ?? ''));
  return new C14nCanonicalization().process(child as Element, { ancestorNamespaces }) as string;
}

const nfeOf = (xml: string) => xml.slice(xml.search(/<NFe[\s>]/), xml.lastIndexOf('</NFe>') + 6);

describe('canonical XML written while reading (c14n-stream)', () => {
  it('equals xml-crypto on a built note, whole and item by item', () => {
    const xml = nfeOf(buildNfe({ items: manyItems(30) }).xml);
    expect(canonicalChild(xml, 'infNFe')).toBe(oracle(xml, 'infNFe'));
  });

  it('escapes text and attributes, sorts attributes, keeps whitespace and drops comments as C14N does', () => {
    const xml =
      '<NFe xmlns="http://www.portalfiscal.inf.br/nfe" xmlns:x="urn:x"><infNFe versao="4.00" Id="NFe1" x:b="2" a="1">' +
      '<!-- nota --><xProd>A &amp; B &lt; C &gt; D "E" \'F\' &#13;</xProd>\n  <obs campo="a&#9;b&#10;c&quot;d">  texto  </obs>' +
      '<vazio/><q xmlns="urn:q"><r xmlns:x="urn:x">t</r></q><![CDATA[<cdata & x>]]></infNFe><Signature/></NFe>';
    expect(canonicalChild(xml, 'infNFe')).toBe(oracle(xml, 'infNFe'));
  });

  it('writes declarations only where they change, below elements that declare nothing', () => {
    const xml =
      '<NFe xmlns="http://www.portalfiscal.inf.br/nfe" xmlns:x="urn:x"><infNFe Id="NFe1"><a><b x:c="1">' +
      '<c xmlns:y="urn:y"><d y:e="2" z="3"><e xmlns=""><f/></e></d></c></b></a><g xmlns:x="urn:x"><h/></g>' +
      '<i xmlns:x="urn:outro"><j x:k="4"/></i></infNFe></NFe>';
    expect(canonicalChild(xml, 'infNFe')).toBe(oracle(xml, 'infNFe'));
  });

  it('answers null when the child is missing, repeated or the text is not XML', () => {
    expect(canonicalChild('<NFe xmlns="u"><outro/></NFe>', 'infNFe')).toBeNull();
    expect(canonicalChild('<NFe xmlns="u"><infNFe/><infNFe/></NFe>', 'infNFe')).toBeNull();
    expect(canonicalChild('<NFe xmlns="u"><infNFe>', 'infNFe')).toBeNull();
    expect(canonicalChild('<NFe xmlns="u"><infNFe><?pi x?></infNFe></NFe>', 'infNFe')).toBeNull();
  });
});
