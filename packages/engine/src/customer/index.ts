import type { FileTypeDef, LayoutDef } from '../layout';

export const customerLayouts: LayoutDef[] = [];

export const customerFileTypes: FileTypeDef[] = [];
