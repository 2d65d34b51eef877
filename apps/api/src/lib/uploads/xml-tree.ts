import { SaxesParser } from 'saxes';
import { AppError } from '../errors.ts';

/**
 * A small, safe XML reader for NF-e files: saxes (a streaming, non-validating parser, no native code) with
 * namespaces on. A DOCTYPE is refused outright, so no DTD, no external entity (XXE) and no entity expansion
 * ("billion laughs") can happen; saxes itself knows only the five predefined entities and character references.
 */

export interface XmlElement {
  /** local name */
  name: string;
  uri: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const MAX_ELEMENTS = 400_000;
const MAX_DEPTH = 64;
/** An NF-e element has a handful of attributes and the file one or two namespace declarations. */
const MAX_ATTRIBUTES = 32;
const MAX_NAMESPACES = 64;

export const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);

const NOT_XML = 'O arquivo não é um XML válido de NF-e.';

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unprocessable(`${NOT_XML} O texto não está em UTF-8.`);
  }
}

/** Thrown from a handler to stop saxes at the first problem: the rest of a hostile file is never read. */
class Stop extends Error {}

/**
 * Parses the bytes into an element tree; any problem is a 422 in Portuguese, found as the first offending part is
 * read (parsing stops there). Namespace scopes chain to their parent (no copy per element), so declarations cost
 * what they declare, and their number is capped.
 */
export function parseXml(bytes: Uint8Array): XmlElement {
  const text = decodeUtf8(bytes);
  // Namespaces are resolved here (default and prefixed declarations): saxes' own xmlns mode costs twice the time.
  const parser = new SaxesParser({ position: false });
  const stack: XmlElement[] = [];
  const top: Record<string, string> = Object.create(null) as Record<string, string>;
  top[''] = '';
  const scopes: Array<Record<string, string>> = [top];
  let root: XmlElement | null = null;
  let count = 0;
  let namespaces = 0;
  let failure: AppError | null = null;
  const fail = (error: AppError): never => {
    failure ??= error;
    throw new Stop();
  };
  const tooLarge = () => fail(unprocessable('O XML é grande ou aninhado demais para uma NF-e.'));
  parser.on('doctype', () => {
    fail(unprocessable('O XML contém uma declaração DOCTYPE (DTD), que não é aceita em uma NF-e.'));
  });
  parser.on('error', () => fail(unprocessable(NOT_XML)));
  parser.on('opentag', (tag) => {
    count += 1;
    if (count > MAX_ELEMENTS || stack.length >= MAX_DEPTH) tooLarge();
    // without saxes' xmlns mode attributes are plain strings
    const attributes = tag.attributes as Record<string, string>;
    const parentScope = scopes[scopes.length - 1] ?? top;
    let scope = parentScope;
    let seen = 0;
    for (const key in attributes) {
      if ((seen += 1) > MAX_ATTRIBUTES) tooLarge();
      if (key === 'xmlns' || key.startsWith('xmlns:')) {
        if ((namespaces += 1) > MAX_NAMESPACES) tooLarge();
        if (scope === parentScope) scope = Object.create(parentScope) as Record<string, string>;
        scope[key === 'xmlns' ? '' : key.slice(6)] = attributes[key] ?? '';
      }
    }
    scopes.push(scope);
    const colon = tag.name.indexOf(':');
    const prefix = colon < 0 ? '' : tag.name.slice(0, colon);
    const element: XmlElement = {
      name: colon < 0 ? tag.name : tag.name.slice(colon + 1),
      uri: scope[prefix] ?? '',
      attributes,
      children: [],
      text: '',
    };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root ??= element;
    stack.push(element);
  });
  parser.on('text', (chunk) => {
    const current = stack[stack.length - 1];
    if (current) current.text += chunk;
  });
  parser.on('cdata', (chunk) => {
    const current = stack[stack.length - 1];
    if (current) current.text += chunk;
  });
  parser.on('closetag', () => {
    stack.pop();
    scopes.pop();
  });
  try {
    parser.write(text);
    parser.close();
  } catch (error) {
    if (!(error instanceof Stop)) failure ??= unprocessable(NOT_XML);
  }
  if (failure) throw failure;
  if (!root) throw unprocessable(NOT_XML);
  return root;
}

export function child(element: XmlElement | null | undefined, name: string): XmlElement | null {
  return element?.children.find((c) => c.name === name) ?? null;
}

export function children(element: XmlElement | null | undefined, name: string): XmlElement[] {
  return element?.children.filter((c) => c.name === name) ?? [];
}

/** The trimmed text of a child element, or null when it is absent or empty. */
export function textOf(element: XmlElement | null | undefined, name: string): string | null {
  const found = child(element, name);
  const value = found?.text.trim();
  return value ? value : null;
}

/** The first element found along a path of names. */
export function path(element: XmlElement | null | undefined, ...names: string[]): XmlElement | null {
  let current = element ?? null;
  for (const name of names) current = child(current, name);
  return current;
}
