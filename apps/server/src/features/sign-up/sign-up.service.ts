import crypto from 'node:crypto';
import {
  cadastros, type Db, estabelecimentos, operadoras, perfis, pessoas, usuarios,
} from '@concilia/db';
import {
  addDays, addMonths, CODE_ALPHABET, formatIdentificationCode, MSG, normalizeIdentificationCode, ROUTES, type SignUpValues, todayBusiness,
} from '@concilia/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { audit } from '../../audit';
import type { Ctx } from '../../graphql/context';
import { AppError } from '../../graphql/errors';
import { uniqueViolationOf } from '../../db-errors';
import { createQuickPlan } from '../../registers/planos-conciliadores.hooks';
import { issueToken } from '../auth/access-tokens';
import { storeCredential } from '../credentials/credential-vault';
import { fieldError } from '../../register-kit/field-error';
import { publicLink } from '../../http/public-link';

/** A sign-up's 12-character identification code (see CODE_ALPHABET), drawn without modulo bias. */
export function newIdentificationCode(): string {
  let code = '';
  while (code.length < 12) {
    for (const b of crypto.randomBytes(16)) {
      // 256 is a multiple of 32: every byte maps to a character with the same chance
      if (code.length < 12) code += CODE_ALPHABET[b % 32];
    }
  }
  return code;
}

/** Where sign-ups are registered and with which profile: refused with a message while either is missing. */
async function signUpTarget(db: Db, config: Ctx['config']): Promise<{ parent: number; codperfil: number }> {
  const [parent] = config.signUp.codpessoa !== null
    ? await db.select({ codpessoa: pessoas.codpessoa }).from(pessoas).where(eq(pessoas.codpessoa, config.signUp.codpessoa))
    : await db.select({ codpessoa: pessoas.codpessoa }).from(pessoas)
      .where(and(eq(pessoas.tipo, 'PLATAFORMA'), isNull(pessoas.codpessoapai))).orderBy(asc(pessoas.codpessoa)).limit(1);
  const [perfil] = await db.select({ codperfil: perfis.codperfil }).from(perfis)
    .where(sql`lower(${perfis.nome}) = lower(${config.signUp.perfil})`).orderBy(asc(perfis.codperfil)).limit(1);
  if (!parent || !perfil) throw new AppError('FORBIDDEN', MSG.cadastroIndisponivel);
  return { parent: parent.codpessoa, codperfil: perfil.codperfil };
}

/** The sign-up's rows, in one transaction; the checks before each write give the messages a user can act on. */
function writeSignUp(ctx: Ctx, v: SignUpValues): Promise<{ codigo: string; codusuario: number; codpessoa: number; token: string }> {
  const cnpj = v.cpfCnpj;
  return ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const target = await signUpTarget(tx, ctx.config);
    const [cielo] = await tx.select({ codoperadora: operadoras.codoperadora }).from(operadoras).where(sql`lower(${operadoras.nome}) = 'cielo'`);
    if (!cielo) throw new AppError('FORBIDDEN', MSG.cadastroIndisponivel);

    // one sign-up per CNPJ, and none for a company already registered by hand or a login already taken
    const [known] = await tx.select({ n: sql<number>`1` }).from(pessoas)
      .where(sql`upper(regexp_replace(coalesce(${pessoas.cnpj}, ''), '[^0-9A-Za-z]', '', 'g')) = ${cnpj}`).limit(1);
    const [signedUp] = await tx.select({ n: sql<number>`1` }).from(cadastros).where(eq(cadastros.cnpj, cnpj));
    const [login] = await tx.select({ n: sql<number>`1` }).from(usuarios).where(sql`upper(${usuarios.login}) = ${cnpj}`);
    if (known || signedUp || login) throw fieldError('cpfCnpj', MSG.cadastroCnpjJaCadastrado);
    const [ec] = await tx.select({ n: sql<number>`1` }).from(estabelecimentos)
      .where(and(eq(estabelecimentos.codoperadora, cielo.codoperadora), eq(estabelecimentos.codexterno, v.codExterno)));
    if (ec) throw fieldError('codExterno', MSG.cadastroEcJaCadastrado);

    const [cliente] = await tx.insert(pessoas).values({
      tipo: 'CLIENTE', codpessoapai: target.parent, nome: v.apelidoLoja, nomeabreviado: v.apelidoLoja.slice(0, 50),
      cnpj, email: v.email, telefone: v.telefone, status: 'P',
    }).returning({ codpessoa: pessoas.codpessoa });
    const codpessoa = cliente!.codpessoa;
    const [unidade] = await tx.insert(pessoas).values({
      tipo: 'UNIDADE', codpessoapai: codpessoa, nome: v.apelidoLoja, nomeabreviado: v.apelidoLoja.slice(0, 50), cnpj, status: 'P',
    }).returning({ codpessoa: pessoas.codpessoa });
    await tx.insert(estabelecimentos).values({
      codpessoa: unidade!.codpessoa, codoperadora: cielo.codoperadora, codexterno: v.codExterno, nome: `${v.apelidoLoja} - Cielo`,
    });
    const today = todayBusiness();
    await createQuickPlan(tx, {
      codoperadora: cielo.codoperadora, nome: `Plano ${v.apelidoLoja}`.slice(0, 100), owner: codpessoa,
      rates: { taxaDebito: v.debito, taxaCredito: v.credito, taxaCredito0a6: v.parceladoA, taxaCredito7a12: v.parceladoB, taxaTicket: v.ticket },
      span: { de: today, ate: addDays(addMonths(today, 12), -1) }, units: [unidade!.codpessoa],
    });
    await storeCredential(tx, ctx.config, codpessoa, cielo.codoperadora, { login: v.login, senha: v.senha });
    const [user] = await tx.insert(usuarios).values({
      login: cnpj, nome: v.apelidoLoja, email: v.email, codperfil: target.codperfil, codpessoa, permitido: false,
    }).returning({ codusuario: usuarios.codusuario });
    const codigo = newIdentificationCode();
    await tx.insert(cadastros).values({
      codigo, cnpj, codpessoa, codusuario: user!.codusuario, formapagamento: v.formaPagamento,
      // as typed, for the registration panel: the plan above may have left out a tier the operator does not offer
      taxas: { debito: v.debito ?? null, credito: v.credito ?? null, parceladoA: v.parceladoA ?? null, parceladoB: v.parceladoB ?? null, ticket: v.ticket ?? null },
    });
    // the password link starts at the responsável step, as for any user without a password yet
    const token = await issueToken(tx, 'TROCA_SENHA', user!.codusuario, null, 'RESPONSAVEL');
    // the audit line names what was created, never what was typed as credentials
    await audit(tx, { codusuario: user!.codusuario, acao: 'CADASTRO_RECEBIDO', entidade: 'cadastros', chave: codigo, dados: { codpessoa, cnpj } });
    return { codigo, codusuario: user!.codusuario, codpessoa, token };
  });
}

export type SignUpOutcome = { codigo: string; login: string; email: string; codusuario: number; codpessoa: number };

/**
 * 'Finalizar Cadastro': in one transaction, the client (status P, under the sign-up parent), its
 * reconciliation unit, its Cielo establishment, the typed rates as its plan with a year's contract on the
 * unit, the sealed API credentials, a user (login: the CNPJ; permitido false; no password yet) and the
 * sign-up with its code. Nothing is written when any part is refused. The e-mail (a link to confirm the
 * address and create the password) goes to the outbox after the commit.
 */
export async function registerSignUp(ctx: Ctx, v: SignUpValues): Promise<SignUpOutcome> {
  const cnpj = v.cpfCnpj;
  const outcome = await writeSignUp(ctx, v).catch((err: unknown) => {
    // two sign-ups of one CNPJ (or EC) at once both pass the checks; the unique constraints let one in and
    // the other gets the answer the checks would have given it
    const broken = uniqueViolationOf(err);
    if (broken === 'cadastros_cnpj_unique' || broken === 'usuarios_login_unique') throw fieldError('cpfCnpj', MSG.cadastroCnpjJaCadastrado);
    if (broken === 'estabelecimentos_operadora_codexterno_uq') throw fieldError('codExterno', MSG.cadastroEcJaCadastrado);
    throw err;
  });

  const link = publicLink(ctx.config, ROUTES.resetarSenha.path, { idTrocaSenha: outcome.token });
  const shown = formatIdentificationCode(outcome.codigo);
  await ctx.mailer.send({
    to: v.email,
    subject: 'Concilia - confirme seu cadastro',
    text: `Olá, ${v.apelidoLoja}.\n\nRecebemos o cadastro da sua loja (CNPJ ${cnpj}).\nPara confirmar este e-mail e criar sua senha, abra o link abaixo (válido por 24 horas, uma única vez):\n\n${link}\n\nSeu usuário para entrar é ${cnpj}. O acesso é liberado assim que o cadastro for aprovado; você recebe outro e-mail nesse momento.\nCódigo de identificação do cadastro: ${shown}\nAcompanhe em ${publicLink(ctx.config, ROUTES.identificadorCode.path, { code: shown })}\n\nSe você não fez este cadastro, ignore este e-mail.`,
  });
  return { codigo: shown, login: cnpj, email: v.email, codusuario: outcome.codusuario, codpessoa: outcome.codpessoa };
}

export type CodeInfo = { codigo: string; nome: string; status: string; emailConfirmado: boolean; criadoem: string };

/** What the code page shows of a sign-up: its store name, where it stands and whether the e-mail was confirmed. */
export async function lookUpCode(db: Db, typed: string): Promise<CodeInfo | null> {
  const codigo = normalizeIdentificationCode(typed);
  if (codigo.length !== 12) return null;
  const [row] = await db.select({
    codigo: cadastros.codigo, nome: pessoas.nome, status: cadastros.status, criadoem: cadastros.criadoem,
    // the password is created through the e-mailed link: having one is the proof the address is the merchant's
    emailConfirmado: sql<boolean>`${usuarios.senhahash} IS NOT NULL`,
  }).from(cadastros)
    .innerJoin(pessoas, eq(pessoas.codpessoa, cadastros.codpessoa))
    .innerJoin(usuarios, eq(usuarios.codusuario, cadastros.codusuario))
    .where(eq(cadastros.codigo, codigo));
  if (!row) return null;
  return {
    codigo: formatIdentificationCode(row.codigo), nome: row.nome, emailConfirmado: row.emailConfirmado === true,
    status: row.status === 'APROVADO' ? MSG.cadastroStatusAprovado : MSG.cadastroStatusPendente,
    criadoem: row.criadoem.toISOString(),
  };
}

/**
 * An administrator's 'Aprovar cadastro' on a pending client of the sign-up: the client and its units become
 * active, its user may enter (the pending-registration gate opens), and the merchant is told by e-mail.
 */
export async function approveSignUp(ctx: Ctx, codpessoa: number, approver: number): Promise<void> {
  const approved = await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [cad] = await tx.update(cadastros).set({ status: 'APROVADO', aprovadoem: new Date(), aprovadopor: approver })
      .where(and(eq(cadastros.codpessoa, codpessoa), eq(cadastros.status, 'PENDENTE')))
      .returning({ codigo: cadastros.codigo, codusuario: cadastros.codusuario });
    if (!cad) throw new AppError('BAD_USER_INPUT', MSG.cadastroNaoPendente);
    await tx.update(pessoas).set({ status: 'A' })
      .where(and(eq(pessoas.status, 'P'), sql`(${pessoas.codpessoa} = ${codpessoa} OR ${pessoas.codpessoapai} = ${codpessoa})`));
    const [user] = await tx.update(usuarios).set({ permitido: true }).where(eq(usuarios.codusuario, cad.codusuario))
      .returning({ login: usuarios.login, email: usuarios.email, nome: usuarios.nome, senhahash: usuarios.senhahash });
    await audit(tx, { codusuario: approver, acao: 'CADASTRO_APROVADO', entidade: 'cadastros', chave: cad.codigo, dados: { codpessoa } });
    return user!;
  });
  if (!approved.email) return;
  const senha = approved.senhahash
    ? 'Entre com a senha que você criou.'
    : 'Se ainda não criou sua senha, use "Esqueci minha senha" na página de entrada, com este usuário e este e-mail.';
  await ctx.mailer.send({
    to: approved.email,
    subject: 'Concilia - cadastro aprovado',
    text: `Olá, ${approved.nome}.\n\nO cadastro da sua loja foi aprovado. Você já pode entrar em ${publicLink(ctx.config, ROUTES.login.path)} com o usuário ${approved.login}.\n${senha}`,
  });
}
