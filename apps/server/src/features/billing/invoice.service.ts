import { dadosNfeRegister, formatBusinessDate, MSG, onlyDigits } from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../graphql/context';
import { AppError } from '../../graphql/errors';
import { openSecret } from '../../register-kit/register-secrets';
import type { SessionUser } from '../auth/session.service';
import { danfsePdf, type DanfseData, type DanfseParte } from '../invoice-documents/danfse';
import { CertificateError, openPkcs12 } from '../nfse/certificate';
import { buildDps, cTribNacDoSubitem, type DpsEndereco, type DpsInput, DpsInputError } from '../nfse/dps';
import { signDps } from '../nfse/dps-signature';
import { createNationalProvider } from '../nfse/national-provider';
import type { NfseProvider, NfseResultado } from '../nfse/nfse-provider';
import { createSandboxProvider } from '../nfse/sandbox-provider';
import { billedClients } from './movimentos.source';

/**
 * A closed movement's service invoice (NFS-e, national standard): the biller's Dados NFe, the client as
 * tomador and the movement's valorservico make the DPS; it is signed with the biller's A1 certificate and sent to
 * the provider (the offline sandbox by default, the national API by NFSE_PROVIDER); an authorized invoice is
 * e-mailed to the client with its DANFSE (PDF) and XML.
 *
 * Once: the movement's row is locked while its invoice is issued, an authorized (or accepted) invoice is never
 * issued again, and a rejected one is sent again under the same DPS number after the data is fixed.
 */

type Raw = Record<string, unknown>;
const rowsOf = async (db: Pick<Ctx['db'], 'execute'>, q: SQL) => ((await db.execute(q)) as unknown as { rows: Raw[] }).rows;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const opt = (v: unknown) => (v === null || v === undefined || String(v).trim() === '' ? undefined : String(v));

export type InfoNota = {
  status: string;
  chave: string;
  numeronota: string | null;
  protocolo: string | null;
  mensagem: string | null;
  reenviaremail: boolean;
  reenviarnota: boolean;
};

/** What the screen says of an invoice's state; a movement with none is 'Não processada'. */
export const NOTA_SITUACAO: Record<string, string> = {
  PENDENTE: 'Não processada',
  AUTORIZADA: 'Autorizada',
  REJEITADA: 'Rejeitada',
  ACEITA: 'Aceita sem nota',
};

/** The movement (locked when `lock`), its invoice if any, the biller's invoice data, provider and client. */
async function loadMovement(db: Pick<Ctx['db'], 'execute'>, me: SessionUser, chave: string, lock: boolean) {
  const [mov] = await rowsOf(db, sql`SELECT m.* FROM movimentos m WHERE m.chave = ${chave} AND m.codpessoa IN ${billedClients(me, null)}
    ${lock ? sql`FOR UPDATE` : sql``}`);
  if (!mov) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
  const [nota] = await rowsOf(db, sql`SELECT * FROM notas_servico WHERE codmovimento = ${mov.codmovimento}`);
  const [dados] = await rowsOf(db, sql`SELECT * FROM dados_nfe WHERE codpessoa = ${mov.codpessoafaturador}`);
  const pessoa = async (codpessoa: unknown) => (await rowsOf(db, sql`
    SELECT p.*, c.nome AS cidade, e.sigla AS uf FROM pessoas p LEFT JOIN cidades c ON c.codcidade = p.codcidade
    LEFT JOIN estados e ON e.coduf = c.codcidade / 100000 WHERE p.codpessoa = ${codpessoa}`))[0]!;
  const cliente = await pessoa(mov.codpessoa);
  const faturador = await pessoa(mov.codpessoafaturador);
  const prestador = dados ? await pessoa(dados.codpessoaemissao) : null;
  const [local] = dados ? await rowsOf(db, sql`SELECT c.nome AS cidade, e.sigla AS uf FROM cidades c JOIN estados e ON e.coduf = c.codcidade / 100000
    WHERE c.codcidade = ${dados.codcidade}`) : [];
  return { mov, nota: nota ?? null, dados: dados ?? null, cliente, faturador, prestador, local: local ?? null };
}
type Loaded = Awaited<ReturnType<typeof loadMovement>>;

const requireDados = (l: Loaded) => {
  if (!l.dados || !l.prestador) throw new AppError('BAD_USER_INPUT', MSG.notaSemDadosNfe.replace('{empresa}', str(l.faturador.nome)));
  return { dados: l.dados, prestador: l.prestador };
};

const endereco = (p: Raw): DpsEndereco | undefined =>
  p.codcidade && p.cep && p.endereco && p.bairro
    ? { codigoMunicipio: str(p.codcidade), cep: onlyDigits(str(p.cep)), logradouro: str(p.endereco), numero: str(p.numero) || 'S/N', complemento: opt(p.complemento), bairro: str(p.bairro) }
    : undefined;

const descricaoServico = (l: Loaded) =>
  `${opt(l.dados?.descservico) ?? 'Serviço de conciliação de vendas com cartão'} - período de ${formatBusinessDate(str(l.mov.filtrode))} a ${formatBusinessDate(str(l.mov.filtroate))}.`;

/** The DPS of the movement under DPS number `numero`. */
function dpsInput(l: Loaded, numero: number, ambiente: DpsInput['ambiente'], emissao: Date): DpsInput {
  const { dados, prestador } = requireDados(l);
  const cliente = l.cliente;
  const documento = onlyDigits(str(cliente.cnpj)) || onlyDigits(str(cliente.cpf));
  const regime = Number(dados.regimeespecialtributacao);
  return {
    prestador: {
      cnpj: onlyDigits(str(prestador.cnpj)), inscricaoMunicipal: opt(prestador.inscmunicipal), codigoMunicipio: str(dados.codcidade),
      simplesNacional: dados.opatantesimplesnacional === 'S' ? 'me-epp' : 'nao-optante',
      regimeEspecial: Number.isInteger(regime) && regime >= 0 && regime <= 6 ? (regime as 0) : 0,
      fone: opt(onlyDigits(str(prestador.telefone))), email: opt(dados.email),
    },
    tomador: documento
      ? {
          ...(documento.length === 11 ? { cpf: documento } : { cnpj: documento }), nome: str(cliente.nome), inscricaoMunicipal: opt(cliente.inscmunicipal),
          endereco: endereco(cliente), fone: opt(onlyDigits(str(cliente.telefone))), email: opt(cliente.email),
        }
      : undefined,
    servico: {
      codigoMunicipioPrestacao: str(dados.codcidade), codigoTributacaoNacional: cTribNacDoSubitem(str(dados.subitem)),
      codigoTributacaoMunicipal: /^\d{3}$/.test(str(dados.codigotributacaomunicipio)) ? str(dados.codigotributacaomunicipio) : undefined,
      descricao: descricaoServico(l),
    },
    valores: {
      servico: Number(l.mov.valorservico), tributacaoIssqn: 'tributavel', retencaoIssqn: 'nao-retido',
      aliquotaIssqn: dados.iss !== null && dados.iss !== undefined && dados.opatantesimplesnacional !== 'S' ? String(dados.iss) : undefined,
      totalTributos: { tipo: 'nao-informado' },
    },
    numero, serie: str(dados.serie) || '1', competencia: str(l.mov.filtroate), emissao, ambiente,
  };
}

const parte = (p: Raw, endereco: { cidade?: unknown; uf?: unknown } = p): DanfseParte => ({
  documento: str(p.cnpj) || str(p.cpf), inscricaoMunicipal: opt(p.inscmunicipal) ?? null, nome: str(p.nome),
  endereco: [p.endereco, p.numero, p.complemento, p.bairro].filter((x) => opt(x)).join(', ') || null,
  municipio: opt(endereco.cidade) ?? null, uf: opt(endereco.uf) ?? null, cep: opt(p.cep) ?? null, telefone: opt(p.telefone) ?? null, email: opt(p.email) ?? null,
});

/** The DANFSE of the movement: the preview before issuing, or the issued invoice. */
async function danfseOf(l: Loaded, ambiente: 'producao' | 'homologacao'): Promise<Buffer> {
  const { dados, prestador } = requireDados(l);
  const nota = l.nota && l.nota.status === 'AUTORIZADA' ? l.nota : null;
  const valor = Number(l.mov.valorservico);
  const aliquota = dados.opatantesimplesnacional === 'S' || dados.iss === null ? '0' : String(dados.iss);
  // the ISSQN shown: the rate on the service value, rounded half away from zero to the centavo
  const iss = Math.round((valor * Number(aliquota)) / 100);
  const data: DanfseData = {
    previa: !nota, ambiente, chaveAcesso: nota ? str(nota.chaveacesso) : null, numeroNfse: nota ? str(nota.numeronota) : null,
    competencia: str(l.mov.filtroate), emissaoNfse: nota?.emitidaem ? new Date(nota.emitidaem as string).toISOString() : null,
    numeroDps: nota ? str(nota.numerodps) : String(Number(dados.ultimodps) + 1), serieDps: str(dados.serie) || '1', emissaoDps: null,
    prestador: { ...parte(prestador, l.local ?? {}), email: opt(dados.email) ?? null },
    simplesNacional: dados.opatantesimplesnacional === 'S' ? 'Optante - Microempresa ou Empresa de Pequeno Porte (ME/EPP)' : 'Não Optante',
    regimeApuracaoSn: null, tomador: parte(l.cliente),
    codigoTributacaoNacional: cTribNacDoSubitem(str(dados.subitem)).replace(/^(\d{2})(\d{2})(\d{2})$/, '$1.$2.$3'),
    descricaoTributacaoNacional: opt(dados.descsubitem) ?? null, codigoTributacaoMunicipal: opt(dados.codigotributacaomunicipio) ?? null,
    localPrestacao: l.local ? `${str(l.local.cidade)} - ${str(l.local.uf)}` : str(dados.codcidade), descricaoServico: descricaoServico(l),
    tributacaoIssqn: 'Operação Tributável', municipioIncidencia: l.local ? `${str(l.local.cidade)} - ${str(l.local.uf)}` : null,
    regimeEspecial: null, valorServico: valor, descontoIncondicionado: 0, descontoCondicionado: 0, baseCalculoIssqn: valor,
    aliquotaIssqn: aliquota, valorIssqn: iss, issqnRetido: false, pis: 0, cofins: 0, irrf: 0, csll: 0, retencoesFederais: 0, valorLiquido: valor,
    informacoesComplementares: nota ? `Protocolo ${str(nota.protocolo)}.` : null,
  };
  return danfsePdf(data, (l.dados?.logo as Buffer | null) ?? undefined);
}

/** The provider of the configuration: the sandbox numbers invoices per provider CNPJ in PostgreSQL. */
function providerFor(ctx: Ctx, tx: Pick<Ctx['db'], 'execute'>, cert: { privateKeyPem: string; certificatePem: string }): NfseProvider {
  if (ctx.config.nfseProvider === 'nacional') return createNationalProvider({ ambiente: ctx.config.nfseAmbiente, ...cert });
  return createSandboxProvider({
    nextNumber: async (cnpj) => Number((await rowsOf(tx, sql`
      INSERT INTO nfse_numeracao (cnpj, ultimo) VALUES (${cnpj}, 1)
      ON CONFLICT (cnpj) DO UPDATE SET ultimo = nfse_numeracao.ultimo + 1 RETURNING ultimo`))[0]!.ultimo),
  });
}

/**
 * Issues (or re-sends, when rejected) the movement's invoice; answers the provider's outcome. An authorized or
 * accepted invoice is left as it is. Bad invoice data and a certificate that does not open are the user's to fix:
 * said in words, nothing stored.
 */
export async function processInvoice(ctx: Ctx, me: SessionUser, chave: string): Promise<NfseResultado | null> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const l = await loadMovement(tx, me, chave, true);
    if (l.nota && (l.nota.status === 'AUTORIZADA' || l.nota.status === 'ACEITA')) return null;
    const { dados } = requireDados(l);
    if (!dados.certificado) throw new AppError('BAD_USER_INPUT', MSG.notaSemCertificado);
    let cert: ReturnType<typeof openPkcs12>;
    try {
      cert = openPkcs12(Buffer.from(dados.certificado as Uint8Array), openSecret(ctx.config, dadosNfeRegister, 'senhacertificado', dados.codpessoa, dados.senhacertificado) ?? '');
    } catch (err) {
      if (err instanceof CertificateError) throw new AppError('BAD_USER_INPUT', err.message);
      throw err;
    }
    // a rejected DPS is sent again under its own number: no gap in the series
    const numero = l.nota ? Number(l.nota.numerodps) : Number((await rowsOf(tx, sql`
      UPDATE dados_nfe SET ultimodps = ultimodps + 1 WHERE codpessoa = ${dados.codpessoa} RETURNING ultimodps`))[0]!.ultimodps);
    let xml: string;
    try {
      xml = signDps(buildDps(dpsInput(l, numero, ctx.config.nfseAmbiente, new Date())), cert);
    } catch (err) {
      if (err instanceof DpsInputError) throw new AppError('BAD_USER_INPUT', MSG.notaDadosInvalidos.replace('{erro}', err.message));
      throw err;
    }
    const r = await providerFor(ctx, tx, cert).emitir(xml);
    const autorizada = r.status === 'AUTORIZADA';
    await tx.execute(sql`
      INSERT INTO notas_servico (codmovimento, status, serie, numerodps, numeronota, protocolo, chaveacesso, mensagem, xmldps, xmlnfse, emitidaem, reenviarnota, atualizadoem)
      VALUES (${l.mov.codmovimento}, ${r.status}, ${str(dados.serie) || '1'}, ${numero}, ${r.numeroNfse ?? null}, ${r.protocolo ?? null}, ${r.chaveAcesso ?? null},
              ${r.mensagem?.slice(0, 500) ?? null}, ${xml}, ${r.xmlNfse ?? null}, ${autorizada ? new Date() : null}, ${!autorizada}, now())
      ON CONFLICT (codmovimento) DO UPDATE SET status = excluded.status, numeronota = excluded.numeronota, protocolo = excluded.protocolo,
        chaveacesso = excluded.chaveacesso, mensagem = excluded.mensagem, xmldps = excluded.xmldps, xmlnfse = excluded.xmlnfse,
        emitidaem = excluded.emitidaem, reenviarnota = excluded.reenviarnota, atualizadoem = now()`);
    if (autorizada) await tx.execute(sql`UPDATE movimentos SET dataprocessado = now() WHERE codmovimento = ${l.mov.codmovimento}`);
    return r;
  });
  if (outcome?.status === 'AUTORIZADA') {
    // the invoice is issued whatever happens to its e-mail: a failure is kept on the invoice (Reenv. email tries again)
    await mailInvoice(ctx, me, chave).catch(async (err: unknown) => {
      if (!(err instanceof AppError)) ctx.log.error({ err, chave }, 'invoice e-mail failed');
      await ctx.db.execute(sql`UPDATE notas_servico SET emailerro = ${String((err as Error).message).slice(0, 500)}
        WHERE codmovimento = (SELECT codmovimento FROM movimentos WHERE chave = ${chave})`);
    });
  }
  return outcome;
}

/** E-mails an authorized invoice to the client, its DANFSE and XML attached; the invoice row says when, or why not. */
export async function mailInvoice(ctx: Ctx, me: SessionUser, chave: string): Promise<void> {
  const l = await loadMovement(ctx.db, me, chave, false);
  if (l.nota?.status !== 'AUTORIZADA') throw new AppError('BAD_USER_INPUT', MSG.notaOperacaoInvalida);
  const para = opt(l.cliente.email);
  if (!para) {
    await ctx.db.execute(sql`UPDATE notas_servico SET emailerro = ${MSG.notaClienteSemEmail} WHERE codmovimento = ${l.mov.codmovimento}`);
    throw new AppError('BAD_USER_INPUT', MSG.notaClienteSemEmail);
  }
  const numero = str(l.nota.numeronota);
  const pdf = await danfseOf(l, ctx.config.nfseAmbiente);
  await ctx.mailer.send({
    to: para,
    // sent by the issuer's own mailbox (Dados NFe), so the client reads it from, and answers, the issuer
    mailbox: Number(l.dados!.codpessoa),
    replyTo: opt(l.dados?.email),
    subject: MSG.notaEmailAssunto.replace('{numero}', numero).replace('{prestador}', str(l.prestador?.nome)),
    text: MSG.notaEmailTexto.replace('{cliente}', str(l.cliente.nome)).replace('{numero}', numero)
      .replace('{de}', formatBusinessDate(str(l.mov.filtrode))).replace('{ate}', formatBusinessDate(str(l.mov.filtroate)))
      .replace('{prestador}', str(l.prestador?.nome)),
    attachments: [
      { filename: `nfse-${numero}.pdf`, contentType: 'application/pdf', content: pdf },
      { filename: `nfse-${numero}.xml`, contentType: 'application/xml', content: Buffer.from(str(l.nota.xmlnfse) || str(l.nota.xmldps), 'utf8') },
    ],
  });
  await ctx.db.execute(sql`UPDATE notas_servico SET emailenviadoem = now(), emailerro = NULL WHERE codmovimento = ${l.mov.codmovimento}`);
}

/** Accepts a rejected invoice's movement as processed without an invoice (settled some other way). */
export async function acceptInvoice(ctx: Ctx, me: SessionUser, chave: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const l = await loadMovement(tx, me, chave, true);
    if (l.nota?.status !== 'REJEITADA') throw new AppError('BAD_USER_INPUT', MSG.notaOperacaoInvalida);
    await tx.execute(sql`UPDATE notas_servico SET status = 'ACEITA', reenviarnota = false, atualizadoem = now() WHERE codmovimento = ${l.mov.codmovimento}`);
    await tx.execute(sql`UPDATE movimentos SET dataprocessado = now() WHERE codmovimento = ${l.mov.codmovimento}`);
  });
}

/** getInfoNota: the invoice's state as Visualizar Nota shows it. */
export async function infoNota(ctx: Ctx, me: SessionUser, chave: string): Promise<InfoNota> {
  const { nota } = await loadMovement(ctx.db, me, chave, false);
  return {
    status: NOTA_SITUACAO[str(nota?.status) || 'PENDENTE']!, chave, numeronota: (nota?.numeronota as string | null) ?? null,
    protocolo: (nota?.protocolo as string | null) ?? null, mensagem: (nota?.mensagem as string | null) ?? null,
    reenviaremail: nota?.status === 'AUTORIZADA', reenviarnota: nota?.status === 'REJEITADA',
  };
}

/** previsualizarNota: the DANFSE the movement's invoice will have (or has), as a PDF. */
export async function previewInvoice(ctx: Ctx, me: SessionUser, chave: string): Promise<Buffer> {
  return danfseOf(await loadMovement(ctx.db, me, chave, false), ctx.config.nfseAmbiente);
}
