import { MSG } from './messages';

/** The sign-in form's fields as typed, and as sent (login trimmed, in capitals). */
export type LoginInput = { username: string; password: string };

type LoginIssue = { message: string; path: [keyof LoginInput] };
type LoginResult = { value: LoginInput; issues?: undefined } | { issues: LoginIssue[] };

/**
 * A Standard Schema (https://standardschema.dev, the interface zod's schemas also implement and the forms'
 * resolvers read): version, vendor, validate and the input and output types.
 */
export type StandardSchema<I, O> = {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => LoginResult;
    readonly types?: { readonly input: I; readonly output: O };
  };
};

function validateLogin(value: unknown): LoginResult {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof LoginInput, unknown>>;
  const username = typeof v.username === 'string' ? v.username.trim() : '';
  const password = typeof v.password === 'string' ? v.password : '';
  const issues: LoginIssue[] = [];
  if (username.length < 1) issues.push({ message: MSG.usuarioObrigatorio, path: ['username'] });
  if (password.length < 1) issues.push({ message: MSG.senhaObrigatoria, path: ['password'] });
  return issues.length > 0 ? { issues } : { value: { username: username.toUpperCase(), password } };
}

/**
 * The sign-in form (spec part 1 §5): login (trimmed, answered in capitals) and password, both required, with
 * the catalogue's texts — the rules the other forms write with zod (trim, min length 1), written out because
 * they are this simple and the sign-in page, the first page of nearly every visit, then carries no zod at all.
 */
export const loginSchema: StandardSchema<LoginInput, LoginInput> = { '~standard': { version: 1, vendor: 'concilia', validate: validateLogin } };
