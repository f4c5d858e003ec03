import { cieloFileTypes, cieloLayouts } from './cielo/index';
import { customerFileTypes, customerLayouts } from './customer/index';
import { getnetFileTypes, getnetLayouts } from './getnet/index';
import type { DetectedFile, FileTypeDef, LayoutDef, LayoutId } from './layout';
import { mercadoPagoFileTypes, mercadoPagoLayouts } from './mercadopago/index';
import { pagarmeFileTypes, pagarmeLayouts } from './pagarme/index';
import { pagBankFileTypes, pagBankLayouts } from './pagbank/index';
import { bankFileTypes } from './bank/index';
import { payGoFileTypes, payGoLayouts } from './paygo/index';
import { redeFileTypes, redeLayouts } from './rede/index';
import { decodeLatin1 } from './read/lines';
import { HEAD_BYTES } from './read/head';
import { stoneFileTypes, stoneLayouts } from './stone/index';
import { veroFileTypes, veroLayouts } from './vero/index';

/**
 * Every layout the engine reads, in detection order: fixed layouts first, the customer's own CSV last (its
 * header line is the least specific). The column-mapping layout is never detected: the caller names it.
 */
export const LAYOUTS: readonly LayoutDef[] = [
  ...cieloLayouts,
  ...redeLayouts,
  ...getnetLayouts,
  ...stoneLayouts,
  ...mercadoPagoLayouts,
  ...pagBankLayouts,
  ...pagarmeLayouts,
  ...payGoLayouts,
  ...veroLayouts,
  ...customerLayouts,
];

/** Every file type with its pt-BR label: what `listarItensTipoArquivo` lists and the file record stores. */
export const FILE_TYPES: readonly FileTypeDef[] = [
  ...cieloFileTypes,
  ...redeFileTypes,
  ...getnetFileTypes,
  ...stoneFileTypes,
  ...mercadoPagoFileTypes,
  ...pagBankFileTypes,
  ...pagarmeFileTypes,
  ...payGoFileTypes,
  ...veroFileTypes,
  ...customerFileTypes,
  ...bankFileTypes,
];

/** The layout of a file, from its first bytes (up to HEAD_BYTES); null when no layout recognises it. */
export function detectFile(head: Uint8Array): DetectedFile | null {
  const text = decodeLatin1(head.subarray(0, HEAD_BYTES));
  for (const layout of LAYOUTS) {
    const found = layout.detect(text);
    if (found) return found;
  }
  return null;
}

export function layoutById(id: LayoutId): LayoutDef {
  const layout = LAYOUTS.find((l) => l.id === id);
  if (!layout) throw new Error(`layout ${id} is not registered`);
  return layout;
}

export function fileTypeLabel(value: string): string {
  return FILE_TYPES.find((t) => t.value === value)?.label ?? value;
}
