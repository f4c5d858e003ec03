import type { AnyRegisterDef } from '@concilia/domain';
import type { ComponentType } from 'react';
import type { Control } from 'react-hook-form';
import type { Values } from './fields/field-props';

/**
 * What a register's screen may replace when the generic parts do not fit, named in the registry. Kept in
 * a plain .ts file so the registry (read by the browser tests too) needs no JSX.
 */
export type FormFieldsOverride = ComponentType<{ def: AnyRegisterDef; control: Control<Values>; editing: boolean }>;
