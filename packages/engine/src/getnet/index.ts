import type { FileTypeDef, LayoutDef } from '../layout';

export const getnetLayouts: LayoutDef[] = [];

export const getnetFileTypes: FileTypeDef[] = [];
