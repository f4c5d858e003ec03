import { cidades, dadosNfe, estados, pessoas, subtreeOf } from '@concilia/db';
import { dadosNfeRegister, formatCnpj, MSG, onlyDigits } from '@concilia/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { CertificateError, openPkcs12 } from '../features/nfse/certificate';
import type { Ctx } from '../graphql/context';
import { fieldError } from '../register-kit/field-error';
import type { RegisterEntry, Row } from '../register-kit/register-entry';
import type { ReceivedFile } from '../register-kit/register-files';
import { openSecret } from '../register-kit/register-secrets';

/**
 * Dados NFe: a company's invoice data, seen and changed by the users of that company and of everyone above it
 * (the company, codpessoa, in the caller's subtree — and so is the Empresa Emissora it names). The kit keeps the
 * two passwords sealed and the files out of every answer; this file adds the register's own rules: one row per
 * company, and a certificate that opens with its password, is in force and is the Empresa Emissora's.
 */

const inSubtree = async (ctx: Ctx, me: { codpessoa: number }, codpessoa: unknown) => {
  const r = (await ctx.db.execute(sql`SELECT 1 AS ok WHERE ${codpessoa} IN ${subtreeOf(me.codpessoa)}`)) as { rows: unknown[] };
  return r.rows.length > 0;
};

async function cnpjOf(ctx: Ctx, codpessoa: number): Promise<string> {
  const [p] = await ctx.db.select({ cnpj: pessoas.cnpj }).from(pessoas).where(eq(pessoas.codpessoa, codpessoa));
  return onlyDigits(p?.cnpj);
}

/**
 * Opens the certificate (the one sent, else the stored one) with the password (the one typed, else the stored
 * one) and answers what the row keeps of it; refuses beside the field the user must change.
 */
async function checkCertificate(ctx: Ctx, values: Row, existing: Row | null): Promise<Row> {
  const sent = values.certificado as ReceivedFile | undefined;
  const bytes = sent?.bytes ?? (existing?.certificado as Buffer | null | undefined);
  if (!bytes) return {};
  const password = (values.senhacertificado as string | undefined)
    ?? openSecret(ctx.config, dadosNfeRegister, 'senhacertificado', existing?.codpessoa, existing?.senhacertificado);
  if (!password) throw fieldError('senhacertificado', MSG.nfeCertificadoSemSenha);
  let opened: ReturnType<typeof openPkcs12>;
  try {
    opened = openPkcs12(Buffer.from(bytes), password);
  } catch (err) {
    if (!(err instanceof CertificateError)) throw err;
    throw fieldError(err.code === 'SENHA_INVALIDA' ? 'senhacertificado' : 'certificado', err.message);
  }
  await checkIssuer(ctx, values.codpessoaemissao as number, opened.cnpj, 'certificado');
  return { certificadocnpj: opened.cnpj, certificadovalidade: opened.notAfter };
}

/** The certificate must speak for the Empresa Emissora NotaFiscal: the invoices' provider signs them. */
async function checkIssuer(ctx: Ctx, codpessoaemissao: number, certificadoCnpj: string, field: string) {
  const emissora = await cnpjOf(ctx, codpessoaemissao);
  if (!emissora) throw fieldError(field, MSG.nfeEmissoraSemCnpj);
  if (emissora !== onlyDigits(certificadoCnpj)) {
    throw fieldError(field, MSG.nfeCertificadoCnpj.replace('{certificado}', formatCnpj(certificadoCnpj)).replace('{emissora}', formatCnpj(emissora)));
  }
}

export const dadosNfeEntry: Omit<RegisterEntry, 'def'> = {
  table: dadosNfe,
  visible: (me) => sql`${dadosNfe.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
  ownerColumn: 'codpessoa',
  hooks: {
    // the state the city is in, for the form's state → city selects
    async afterLoad(ctx, rows) {
      const codes = [...new Set(rows.map((r) => r.codcidade as number).filter((c) => c != null))];
      if (!codes.length) return rows;
      const found = await ctx.db.select({ codcidade: cidades.codcidade, sigla: estados.sigla }).from(cidades)
        .innerJoin(estados, eq(estados.coduf, cidades.coduf)).where(inArray(cidades.codcidade, codes));
      const uf = new Map(found.map((c) => [c.codcidade, c.sigla]));
      return rows.map((r) => ({ ...r, uf: uf.get(r.codcidade as number) ?? null }));
    },
    async beforeSave(ctx, values, { insert, me, existing }) {
      if (!(await inSubtree(ctx, me, values.codpessoaemissao))) throw fieldError('codpessoaemissao', MSG.semPermissao);
      if (insert) {
        const [taken] = await ctx.db.select({ id: dadosNfe.codpessoa }).from(dadosNfe).where(eq(dadosNfe.codpessoa, values.codpessoa as number));
        if (taken) throw fieldError('codpessoa', MSG.nfeEmpresaJaCadastrada);
      }
      const certificateChanged = values.certificado !== undefined || values.senhacertificado !== undefined;
      if (certificateChanged) return { ...values, ...(await checkCertificate(ctx, values, existing)) };
      // a new Empresa Emissora must match the certificate already stored
      if (existing?.certificadocnpj && existing.codpessoaemissao !== values.codpessoaemissao) {
        await checkIssuer(ctx, values.codpessoaemissao as number, String(existing.certificadocnpj), 'codpessoaemissao');
      }
      return values;
    },
  },
};
