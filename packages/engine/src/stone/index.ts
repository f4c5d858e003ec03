import type { FileTypeDef, LayoutDef } from '../layout';

export const stoneLayouts: LayoutDef[] = [];

export const stoneFileTypes: FileTypeDef[] = [];
