import { SaxesParser } from 'saxes';

/**
 * Canonical XML 1.0 (inclusive, without comments) of one child element of a document's root, written while saxes
 * reads the text: the digest of an NF-e's infNFe without building a DOM. xmldom took 270–330 ms to parse a note of
 * 990 items and xml-crypto's canonicaliser 100–200 ms more; saxes reads it in 35–85 ms (decision 0061). The result is
 * checked against xml-crypto's `C14nCanonicalization` by tests, and the verifier falls back to that path before it
 * refuses a note, so a difference here can only cost time, never a wrong refusal.
 *
 * What the form does (W3C C14N 1.0): namespace declarations in scope are written on the apex element, and on a
 * descendant only where they differ from what its parent wrote, sorted (the default first); attributes sorted by
 * namespace URI and local name; empty elements as start and end tags; comments dropped; CDATA as escaped text; `&`,
 * `<`, `>` and CR escaped in text and `&`, `<`, `"`, TAB, LF and CR in attribute values. A processing instruction
 * inside gives null (the DOM path decides).
 */

const escapeText = (text: string) =>
  text.replace(/[&<>\r]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#xD;'));
const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
};
const escapeAttribute = (value: string) => value.replace(/[&<"\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);

type Scope = Map<string, string>;

/** The namespace declarations to write on an element, given what its output parent wrote (`rendered`). */
function namespaceDeclarations(scope: Scope, rendered: Scope): { text: string; next: Scope } {
  const next = new Map(rendered);
  const written: Array<[string, string]> = [];
  for (const [prefix, uri] of scope) {
    if (prefix === 'xml') continue;
    const before = rendered.get(prefix);
    if (prefix === '' && uri === '' && (before === undefined || before === '')) continue;
    if (before === uri) continue;
    written.push([prefix, uri]);
    next.set(prefix, uri);
  }
  written.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const text = written
    .map(([prefix, uri]) =>
      prefix ? ` xmlns:${prefix}="${escapeAttribute(uri)}"` : ` xmlns="${escapeAttribute(uri)}"`,
    )
    .join('');
  return { text, next };
}

function sortedAttributes(attributes: Record<string, string>, scope: Scope): string {
  const plain: Array<{ uri: string; local: string; name: string; value: string }> = [];
  for (const name in attributes) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const colon = name.indexOf(':');
    const uri = colon < 0 ? '' : (scope.get(name.slice(0, colon)) ?? '');
    plain.push({ uri, local: colon < 0 ? name : name.slice(colon + 1), name, value: attributes[name] ?? '' });
  }
  plain.sort((a, b) =>
    a.uri !== b.uri ? (a.uri < b.uri ? -1 : 1) : a.local < b.local ? -1 : a.local > b.local ? 1 : 0,
  );
  return plain.map((a) => ` ${a.name}="${escapeAttribute(a.value)}"`).join('');
}

/**
 * The canonical form of the root's child element named `name` (its local name) in `xml`, or null when the text does
 * not read as one root with exactly one such child.
 */
export function canonicalChild(xml: string, name: string): string | null {
  const parser = new SaxesParser({ position: false });
  const scopes: Scope[] = [new Map([['', '']])];
  const rendered: Scope[] = [];
  const out: string[] = [];
  let depth = 0;
  let inside = false;
  let found = 0;
  let broken = false;
  parser.on('error', () => {
    broken = true;
  });
  parser.on('opentag', (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    const parentScope = scopes[scopes.length - 1]!;
    // an element that declares nothing shares its parent's scope (most of a note): no copy per element
    let scope = parentScope;
    let plain = 0;
    for (const key in attributes) {
      const prefix = key === 'xmlns' ? '' : key.startsWith('xmlns:') ? key.slice(6) : null;
      if (prefix === null) plain += 1;
      else {
        if (scope === parentScope) scope = new Map(parentScope);
        scope.set(prefix, attributes[key] ?? '');
      }
    }
    scopes.push(scope);
    depth += 1;
    const local = tag.name.slice(tag.name.indexOf(':') + 1);
    if (!inside && depth === 2 && local === name) {
      inside = true;
      found += 1;
      rendered.length = 0;
      rendered.push(new Map());
    }
    if (!inside) return;
    const attributeText = plain === 0 ? '' : sortedAttributes(attributes, scope);
    // below the apex, an element in its parent's very scope writes no declaration: the parent wrote them all
    if (scope === parentScope && rendered.length > 1) {
      rendered.push(rendered[rendered.length - 1]!);
      out.push(`<${tag.name}${attributeText}>`);
      return;
    }
    const { text, next } = namespaceDeclarations(scope, rendered[rendered.length - 1] ?? new Map());
    rendered.push(next);
    out.push(`<${tag.name}${text}${attributeText}>`);
  });
  parser.on('text', (text) => {
    if (inside) out.push(escapeText(text));
  });
  parser.on('cdata', (text) => {
    if (inside) out.push(escapeText(text));
  });
  // a processing instruction inside is left to the DOM path (none is found in an NF-e)
  parser.on('processinginstruction', () => {
    if (inside) broken = true;
  });
  parser.on('closetag', (tag) => {
    if (inside) {
      out.push(`</${tag.name}>`);
      rendered.pop();
      if (depth === 2) inside = false;
    }
    scopes.pop();
    depth -= 1;
  });
  try {
    parser.write(xml).close();
  } catch {
    return null;
  }
  return broken || found !== 1 ? null : out.join('');
}
