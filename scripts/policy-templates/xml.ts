// A small XML writer for the templates: elements as data, rendered indented with every attribute
// and text escaped, so no policy name or translation can break the markup.

export interface XmlElement {
  name: string;
  attributes: Record<string, string | undefined>;
  children: XmlChild[];
}
export type XmlChild = XmlElement | string;

export function el(
  name: string,
  attributes: Record<string, string | undefined> = {},
  ...children: (XmlChild | XmlChild[])[]
): XmlElement {
  return { name, attributes, children: children.flat() };
}

/** An XML comment, as a child: rendered as `<!-- … -->` (for the examples' notes to IT). */
export function comment(text: string): XmlElement {
  return { name: '!--', attributes: {}, children: [text.replaceAll('--', '—')] };
}

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export function renderXml(root: XmlElement, prologue: string[] = []): string {
  return ['<?xml version="1.0" encoding="utf-8"?>', ...prologue, render(root, 0), ''].join('\n');
}

function render(element: XmlElement, depth: number): string {
  const pad = '  '.repeat(depth);
  if (element.name === '!--') return `${pad}<!-- ${element.children.join(' ')} -->`;
  const attributes = Object.entries(element.attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  const open = `${pad}<${element.name}${attributes}`;
  if (element.children.length === 0) return `${open}/>`;
  if (element.children.every((child) => typeof child === 'string')) {
    return `${open}>${escapeXml(element.children.join(''))}</${element.name}>`;
  }
  const inner = element.children.map((child) =>
    typeof child === 'string' ? `${pad}  ${escapeXml(child)}` : render(child, depth + 1),
  );
  return [`${open}>`, ...inner, `${pad}</${element.name}>`].join('\n');
}
