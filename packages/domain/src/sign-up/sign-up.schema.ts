import { z } from 'zod';
import { zCnpj } from '../documents';
import { MSG } from '../messages';
import { objectSchema } from '../register-kit/field-schema';
import type { FieldDef } from '../register-kit/register';

/** How the monthly fee of a merchant who signs up is paid (chosen at the wizard's last step). */
export const FORMAS_PAGAMENTO = [
  { valor: 'BOLETO', label: 'Boleto bancário' },
  { valor: 'PIX', label: 'Pix' },
] as const;

/** A Cielo establishment number (EC) has 10 digits. */
const EC_DIGITS = 10;

/**
 * The merchant sign-up of the public wizard (/signUp; spec part 2 §2.2, §3 "Merchant sign-up", §5 masks):
 * one declaration of each field, from which the form's steps, its schema and the server's check of the
 * submission are all derived. `login` and `senha` are the merchant's Cielo API credentials (stored encrypted,
 * never sent back); the merchant's own user of the product is created from the CNPJ.
 */
export const SIGN_UP_FIELDS = {
  cpfCnpj: { kind: 'cpfCnpj', label: 'CNPJ', required: true, zod: zCnpj('CNPJ', { required: true }) },
  apelidoLoja: { kind: 'text', label: 'Nome da loja', required: true, maxLength: 100 },
  telefone: { kind: 'phone', label: 'Telefone', required: true },
  email: { kind: 'email', label: 'Email', required: true, maxLength: 120 },
  aceiteTermos: {
    kind: 'boolean', label: 'Termo de Responsabilidade', default: false,
    zod: z.boolean().refine((v) => v === true, MSG.cadastroAceiteObrigatorio),
  },
  login: { kind: 'text', label: 'Login da API Cielo', required: true, maxLength: 100 },
  senha: { kind: 'password', label: 'Senha da API Cielo', required: true, maxLength: 100 },
  codExterno: {
    kind: 'text', label: 'EC (número do estabelecimento Cielo)', required: true, maxLength: EC_DIGITS,
    zod: z.string({ error: MSG.cadastroEcObrigatorio }).trim().min(1, MSG.cadastroEcObrigatorio)
      .regex(new RegExp(`^\\d{${EC_DIGITS}}$`), MSG.cadastroEcInvalido),
  },
  debito: { kind: 'percent', label: 'Débito', required: true },
  credito: { kind: 'percent', label: 'Crédito à vista', required: true },
  parceladoA: { kind: 'percent', label: 'Parcelado de 2 a 6 vezes', required: true },
  parceladoB: { kind: 'percent', label: 'Parcelado de 7 a 12 vezes', required: true },
  ticket: { kind: 'percent', label: 'Ticket / voucher' },
  formaPagamento: { kind: 'enum', label: 'Forma de pagamento da mensalidade', options: FORMAS_PAGAMENTO, widget: 'radio', required: true },
} as const satisfies Record<string, FieldDef>;

export type SignUpField = keyof typeof SIGN_UP_FIELDS;

/** The wizard's steps (spec part 2 §2.2), each with the fields its Próximo checks. */
export const SIGN_UP_STEPS: readonly { label: string; fields: readonly SignUpField[] }[] = [
  { label: 'Dados Iniciais', fields: ['cpfCnpj', 'apelidoLoja', 'telefone', 'email'] },
  { label: 'Termo de Responsabilidade', fields: ['aceiteTermos'] },
  { label: 'API Cielo', fields: ['login', 'senha'] },
  { label: 'EC', fields: ['codExterno'] },
  { label: 'Taxas', fields: ['debito', 'credito', 'parceladoA', 'parceladoB', 'ticket'] },
  { label: 'Pagamento', fields: ['formaPagamento'] },
];

/** What the schema answers for a valid submission (documents normalised, percents as numbers). */
export type SignUpValues = {
  cpfCnpj: string; apelidoLoja: string; telefone: string; email: string; aceiteTermos: true;
  login: string; senha: string; codExterno: string;
  debito: number; credito: number; parceladoA: number; parceladoB: number; ticket: number | null;
  formaPagamento: (typeof FORMAS_PAGAMENTO)[number]['valor'];
};

/**
 * The whole submission: what the form checks step by step and the server checks again at once. Derived from
 * the declarations, so its static type is a plain object; SignUpValues names what the declarations make it
 * answer (a test parses a submission and compares).
 */
export const signUpSchema = objectSchema(SIGN_UP_FIELDS) as unknown as z.ZodType<SignUpValues, Record<string, unknown>>;

/** The step a field is typed in: where the wizard goes back to when the server refuses that field. */
export const signUpStepOf = (field: string): number => {
  const i = SIGN_UP_STEPS.findIndex((s) => (s.fields as readonly string[]).includes(field));
  return i < 0 ? 0 : i;
};

/**
 * Identification codes of sign-ups: 12 characters of Crockford's base 32 (no I, L, O, U: nothing to misread
 * when spoken on the phone), shown in groups of four. 60 random bits: not guessable by trying.
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const formatIdentificationCode = (raw: string): string => raw.match(/.{1,4}/g)?.join('-') ?? raw;
/** what a user typed or pasted (any case, with or without dashes and spaces) as the stored code */
export const normalizeIdentificationCode = (typed: string | null | undefined): string =>
  (typed ?? '').toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
