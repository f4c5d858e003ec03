import type { FileTypeDef, LayoutDef } from '../layout';
import { parseStoneXml, stoneXmlBatches } from './stone-xml.parser';

export { parseStoneXml } from './stone-xml.parser';

/**
 * Recognises a Stone conciliation on its structure only: optional BOM, XML declaration and comments, the root
 * element Conciliation (any namespace prefix or xmlns) and, inside its Header, LayoutVersion 1 or 2 (2.x).
 * Free text (merchant name, descriptions) is never looked at.
 */
const PROLOG = /^(?:\xef\xbb\xbf|\ufeff)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/;
const ROOT = /^<(?:[A-Za-z_][\w.-]*:)?Conciliation(?=[\s>/])[^>]*>/;
const VERSION = /<(?:[A-Za-z_][\w.-]*:)?Header(?=[\s>])[^>]*>[\s\S]*?<(?:[A-Za-z_][\w.-]*:)?LayoutVersion>\s*([12](?:\.\d+)?)\s*<\//;

function detectStone(head: string): { version: string } | null {
  const prolog = PROLOG.exec(head);
  const rest = head.slice(prolog?.[0].length ?? 0);
  const root = ROOT.exec(rest);
  if (!root) return null;
  const version = VERSION.exec(rest.slice(root[0].length))?.[1];
  return version ? { version } : null;
}

const stoneXml: LayoutDef = {
  id: 'STONE_XML',
  detect(head) {
    const found = detectStone(head);
    return found ? { layout: 'STONE_XML', operator: 'stone', fileType: 'STONE_XML', version: found.version } : null;
  },
  parse: (source) => parseStoneXml(source),
  // no withRecordWarnings on `parse`, so no RecordWarnings here: the reader names unknown codes itself
  parseBatches: (source) => stoneXmlBatches(source),
};

export const stoneLayouts: LayoutDef[] = [stoneXml];

export const stoneFileTypes: FileTypeDef[] = [{ value: 'STONE_XML', label: 'Stone - Conciliação (XML)', operator: 'stone' }];
