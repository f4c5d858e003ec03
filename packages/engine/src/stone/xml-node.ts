/**
 * One element of a Stone XML unit (a Transaction, an Event, a Payment, the Header, the Trailer), held as a
 * small tree only while the unit is mapped: the file itself is never held in memory.
 */
export interface XmlNode {
  /** local name, namespace prefix dropped */
  name: string;
  /** line of the element's start tag, so a bad value is reported on its own line */
  line: number;
  /** the element's own text (not its children's) */
  text: string;
  children: XmlNode[];
}

export function child(node: XmlNode | null | undefined, name: string): XmlNode | null {
  return node?.children.find((c) => c.name === name) ?? null;
}

export function childrenNamed(node: XmlNode | null | undefined, name: string): XmlNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}

/** The first child found by any of the names (v2 name first, then its v1 name). */
export function childOf(node: XmlNode | null | undefined, ...names: string[]): XmlNode | null {
  for (const n of names) {
    const c = child(node, n);
    if (c) return c;
  }
  return null;
}

/** Trimmed text of the first child found by any of the names; null when absent or empty (`<NetAmount />`). */
export function textOf(node: XmlNode | null | undefined, ...names: string[]): string | null {
  const c = childOf(node, ...names);
  if (!c) return null;
  const t = c.text.trim();
  return t === '' ? null : t;
}
