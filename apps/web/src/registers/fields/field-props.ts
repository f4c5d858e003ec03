import type { Control } from 'react-hook-form';

/** Form values of the generic screen: one entry per declared field, typed by its kind. */
export type Values = Record<string, unknown>;

/** What every field component takes: it binds itself to react-hook-form by name. */
export type FieldProps = {
  control: Control<Values>;
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
};
