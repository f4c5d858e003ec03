/** What the sign-in page's fields (sign-in-fields.tsx) and the MUI forms' FormTextField are told alike. */
export type TextFieldOptions = {
  /** shows and keeps the text in capitals as it is typed (logins, names) */
  uppercase?: boolean;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  type?: string;
};
