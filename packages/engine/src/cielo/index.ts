import type { FileTypeDef, LayoutDef } from '../layout';

export const cieloLayouts: LayoutDef[] = [];

export const cieloFileTypes: FileTypeDef[] = [];
