import { MSG, normalizeCpfCnpj, signUpSchema } from '@concilia/domain';
import { builder } from '../../graphql/builder';
import { AppError, fromZod } from '../../graphql/errors';
import { assertBotCheck } from '../auth/bot-check';
import { loginLimiter } from '../auth/rate-limit';
import { type CodeInfo, lookUpCode, registerSignUp } from './sign-up.service';

/**
 * The public merchant sign-up (/signUp) and code page (/identificador-code). Both answer without a session;
 * both are limited per address like the sign-in, and the sign-up needs the bot check.
 */
const CadastroLojaInput = builder.inputType('CadastroLojaInput', {
  fields: (t) => ({
    cpfCnpj: t.string({ required: true }),
    apelidoLoja: t.string({ required: true }),
    telefone: t.string({ required: true }),
    email: t.string({ required: true }),
    aceiteTermos: t.boolean({ required: true }),
    login: t.string({ required: true }),
    senha: t.string({ required: true }),
    codExterno: t.string({ required: true }),
    debito: t.float({ required: false }),
    credito: t.float({ required: false }),
    parceladoA: t.float({ required: false }),
    parceladoB: t.float({ required: false }),
    ticket: t.float({ required: false }),
    formaPagamento: t.string({ required: true }),
    /** the bot-check token (ALTCHA or reCAPTCHA), as the sign-in's */
    recaptcha: t.string({ required: false }),
  }),
});

type CadastroResult = { codigo: string; login: string; email: string };
const CadastroResultRef = builder.objectRef<CadastroResult>('CadastroLojaResultado').implement({
  fields: (t) => ({
    codigo: t.exposeString('codigo', { description: 'the identification code, in groups of four' }),
    login: t.exposeString('login', { description: "the merchant's user: the CNPJ" }),
    email: t.exposeString('email'),
  }),
});

builder.mutationField('finalizarCadastro', (t) =>
  t.field({
    type: CadastroResultRef,
    description: "'Finalizar Cadastro' of the sign-up wizard: the pending client, unit, establishment, plan and user",
    args: { values: t.arg({ type: CadastroLojaInput, required: true }) },
    resolve: async (_r, { values }, ctx) => {
      const { recaptcha, ...typed } = values;
      await loginLimiter(ctx.db, ctx.config, 'cadastro').admit(ctx.ip, normalizeCpfCnpj(typed.cpfCnpj));
      await assertBotCheck(ctx.db, ctx.config, recaptcha, ctx.ip);
      const parsed = signUpSchema.safeParse(typed);
      if (!parsed.success) throw fromZod(parsed.error);
      const done = await registerSignUp(ctx, parsed.data);
      ctx.log.info({ requestId: ctx.requestId, codpessoa: done.codpessoa }, 'merchant sign-up received');
      return { codigo: done.codigo, login: done.login, email: done.email };
    },
  }),
);

const CodeInfoRef = builder.objectRef<CodeInfo>('IdentificadorCodigo').implement({
  fields: (t) => ({
    codigo: t.exposeString('codigo'),
    nome: t.exposeString('nome'),
    status: t.exposeString('status'),
    emailConfirmado: t.exposeBoolean('emailConfirmado'),
    criadoem: t.exposeString('criadoem'),
  }),
});

builder.queryField('getIdentificadorCodigo', (t) =>
  t.field({
    type: CodeInfoRef,
    description: "The code page's lookup: a sign-up by its identification code ('Código não encontrado.' otherwise)",
    args: { code: t.arg.string({ required: true }) },
    resolve: async (_r, { code }, ctx) => {
      if (!code.trim()) throw new AppError('BAD_USER_INPUT', MSG.codigoNaoInformado);
      // codes are 60 random bits; the per-address limit keeps anyone from trying them in bulk all the same
      await loginLimiter(ctx.db, ctx.config, 'codigo').admit(ctx.ip, '-');
      const found = await lookUpCode(ctx.db, code);
      if (!found) throw new AppError('BAD_USER_INPUT', MSG.codigoNaoEncontrado);
      return found;
    },
  }),
);
