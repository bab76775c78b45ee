// XML parsed into a plain tree for tests, by @xmldom/xmldom (a well-kept DOM parser, already in
// the tree through electron-builder's plist, now a devDependency of ours). Loaded with require so
// TypeScript does not read its typings, which pull the DOM library into the Node program; the
// few DOM members used here are typed below and the result is our own plain tree.
import { createRequire } from 'node:module';

export interface XmlNode {
  /** The local name, without a prefix. */
  name: string;
  namespace: string | null;
  attributes: Record<string, string>;
  children: XmlNode[];
  /** The text directly inside (not in child elements), joined. */
  text: string;
}

interface DomNode {
  nodeType: number;
  localName?: string | null;
  namespaceURI?: string | null;
  nodeValue?: string | null;
  attributes?: { length: number; item(index: number): { name: string; value: string } | null };
  childNodes: { length: number; item(index: number): DomNode | null };
}
interface DomParserModule {
  DOMParser: new (options: { errorHandler: (level: string, message: string) => void }) => {
    parseFromString(source: string, mimeType: string): { documentElement: DomNode | null };
  };
}

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

/** Parses `source`, throwing on any warning or error the parser reports (malformed XML). */
export function parseXml(source: string): XmlNode {
  const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as DomParserModule;
  const problems: string[] = [];
  const parser = new DOMParser({
    errorHandler: (level, message) => problems.push(`${level}: ${message}`),
  });
  const document = parser.parseFromString(source, 'text/xml');
  if (problems.length > 0) throw new Error(problems.join('\n'));
  if (document.documentElement === null) throw new Error('no root element');
  return toTree(document.documentElement);
}

function toTree(node: DomNode): XmlNode {
  const attributes: Record<string, string> = {};
  for (let i = 0; i < (node.attributes?.length ?? 0); i += 1) {
    const attribute = node.attributes?.item(i);
    if (attribute) attributes[attribute.name] = attribute.value;
  }
  const children: XmlNode[] = [];
  let text = '';
  for (let i = 0; i < node.childNodes.length; i += 1) {
    const child = node.childNodes.item(i);
    if (child === null) continue;
    if (child.nodeType === ELEMENT) children.push(toTree(child));
    else if (child.nodeType === TEXT || child.nodeType === CDATA) text += child.nodeValue ?? '';
  }
  return {
    name: node.localName ?? '',
    namespace: node.namespaceURI ?? null,
    attributes,
    children,
    text,
  };
}

/** The children named `name` (in document order). */
export function childrenNamed(node: XmlNode, name: string): XmlNode[] {
  return node.children.filter((child) => child.name === name);
}

/** The one child named `name`; throws when there is none or more than one. */
export function onlyChild(node: XmlNode, name: string): XmlNode {
  const found = childrenNamed(node, name);
  if (found.length !== 1) throw new Error(`<${node.name}> has ${found.length} <${name}>`);
  return found[0] as XmlNode;
}
