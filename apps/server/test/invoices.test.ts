import { dadosNfeRegister, MSG } from '@concilia/domain';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDps } from '../src/features/nfse/dps-signature';
import { sealSecret } from '../src/register-kit/register-secrets';
import { BASE_URL, createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';
import { type ReceivedMail, startSmtp } from './smtp';
import { pdfText } from './support/pdf-text';
import { billingScenario } from './support/billing-scenario';
import { makeLoopbackTlsCertificate } from './support/loopback-tls';
import { makeTestPkcs12 } from './support/test-certificate';

/**
 * Service invoices of closed movements (issue 18) through the offline sandbox provider: the reseller's Dados NFe
 * with a generated A1 certificate, a closed movement of the client of support/billing-scenario.ts, and real SMTP
 * servers: the platform's (SMTP_URL) and the reseller's own mailbox (STARTTLS and AUTH, its certificate trusted
 * through SMTP_CA_FILE), which is where the invoice e-mail must leave from.
 */
const FECHAR = 'mutation($v: MovimentoAbertoKeyValues!) { fecharMovimento(values: $v) }';
const LISTA = `query($v: FaturamentoMovimentoFilter) { listarFaturamentoMovimento(values: $v) {
  chave nome valorservico situacao numeronota exibirlink reenviaremail reenviarnota dataprocessado } }`;
const INFO = 'query($v: NotaChaveInput!) { getInfoNota(values: $v) { status chave numeronota protocolo mensagem reenviaremail reenviarnota } }';
const PREVIA = 'mutation($v: NotaChaveInput!) { previsualizarNota(values: $v) }';
const OPERACAO = 'mutation($v: NotaOperacaoInput!) { faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota(values: $v) }';

/** The base64 body of the MIME part named `filename`, decoded. */
function attachment(mail: ReceivedMail, filename: string): Buffer | null {
  const part = mail.raw.split(/\r?\n--/).find((p) => p.includes(`filename=${filename}`) || p.includes(`filename="${filename}"`));
  if (!part) return null;
  const body = part.split(/\r?\n\r?\n/).slice(1).join('\n');
  return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
}


describe.each(engines())('service invoices (%s)', (engine) => {
  let t: TestApp;
  /** the reseller's own mailbox, as typed in its Dados NFe */
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  /** the platform's SMTP_URL: an invoice never leaves from it */
  let plataforma: Awaited<ReturnType<typeof startSmtp>>;
  let seal: (field: string, plain: string) => string;
  let revenda: string;
  let chave: string;
  let cnpjRevenda: string;
  const call = async (q: string, v: Record<string, unknown>) => dataOf(await t.call(q, { v }, { cookie: revenda }));
  const info = async () => (await call(INFO, { chave })).getInfoNota;
  const operacao = (operacao: string, cookie = revenda) => t.call(OPERACAO, { v: { chave, operacao } }, { cookie });
  const download = async (p: string) => Buffer.from(await (await t.app.fetch(`${BASE_URL}${p}`, { method: 'GET', headers: { cookie: revenda } }, { ip: '127.0.0.1' })).arrayBuffer());

  beforeAll(async () => {
    const tls = makeLoopbackTlsCertificate();
    const caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-smtp-ca-')), 'ca.pem');
    fs.writeFileSync(caFile, tls.cert);
    smtp = await startSmtp({ account: { user: 'fiscal@revenda.test', pass: 'smtp-senha', tls } });
    plataforma = await startSmtp();
    t = await createTestApp(engine, { SMTP_URL: plataforma.url, SMTP_CA_FILE: caFile });
    const s = await billingScenario(t, `nfse-${engine}`);
    await s.sale({ data: '2026-03-05', produto: '041', bruto: 10050, taxa: 100 });
    revenda = await t.login('REVENDA');
    dataOf(await t.call(FECHAR, { v: { editValues: { id: `${s.codcliente}|2026-03-31` } } }, { cookie: revenda }));
    chave = String((await t.exec(`SELECT chave FROM movimentos`))[0]!.chave);

    cnpjRevenda = String((await t.exec(`SELECT cnpj FROM pessoas WHERE codpessoa = ${s.codrevenda}`))[0]!.cnpj).replace(/\D/g, '');
    const senha = 'senha-do-certificado';
    const p12 = makeTestPkcs12({ cnpj: cnpjRevenda, password: senha });
    seal = (field: string, plain: string) => sealSecret(t.config, dadosNfeRegister, field, s.codrevenda, plain);
    await t.exec(`INSERT INTO dados_nfe (codpessoa, codpessoaemissao, codcidade, subitem, descsubitem, codigotributacaomunicipio, incentivadorcultural,
        email, senhaemail, smtp, porta, senhacertificado, certificado, certificadonome, iss, opatantesimplesnacional)
      VALUES (${s.codrevenda}, ${s.codrevenda}, 3106200, '01.07', 'Suporte técnico em informática', '001', 'N', 'fiscal@revenda.test',
        '${seal('senhaemail', 'smtp-senha')}', '127.0.0.1', ${smtp.port}, '${seal('senhacertificado', senha)}', decode('${p12.toString('hex')}', 'hex'),
        'revenda.pfx', '2.0000', 'N')`);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await plataforma?.close();
  });

  it('lists the closed movement as not processed yet, offering only the preview', async () => {
    const [row] = (await call(LISTA, {})).listarFaturamentoMovimento;
    // 10 050 at 2 % (201) + February and March fees (2 × 5 000)
    expect(row).toMatchObject({ chave, nome: 'Cliente Faturamento', valorservico: 10201, situacao: 'PENDENTE', numeronota: null,
      exibirlink: 'S', reenviaremail: 'N', reenviarnota: 'N', dataprocessado: null });
    expect(await info()).toEqual({ status: 'Não processada', chave, numeronota: null, protocolo: null, mensagem: null, reenviaremail: false, reenviarnota: false });
  });

  it('previews the DANFSE without fiscal value before issuing', async () => {
    const text = pdfText(await download((await call(PREVIA, { chave })).previsualizarNota));
    expect(text).toContain('SEM VALOR FISCAL');
    expect(text).toContain('Cliente Faturamento');
    expect(text).toContain('R$ 102,01');
  });

  it('a provider that is not the signer is rejected with its message; fixed, the invoice is sent again and authorized once', async () => {
    // the issuing company's CNPJ changed in its register: the certificate no longer speaks for it
    await t.exec(`UPDATE pessoas SET cnpj = '45723174000110' WHERE cnpj = '${cnpjRevenda}' OR regexp_replace(cnpj, '\\D', '', 'g') = '${cnpjRevenda}'`);
    expect(errorOf(await operacao('processar')).message).toContain('O CNPJ do certificado digital que assinou a DPS não é o CNPJ do prestador.');
    const rejected = await info();
    expect(rejected).toMatchObject({ status: 'Rejeitada', reenviarnota: true, reenviaremail: false, numeronota: null });
    expect(rejected.mensagem).toContain('prestador: 45723174000110');
    expect((await call(LISTA, {})).listarFaturamentoMovimento[0]).toMatchObject({ situacao: 'REJEITADA', reenviarnota: 'S', exibirlink: 'S' });
    expect(smtp.mails).toHaveLength(0);

    await t.exec(`UPDATE pessoas SET cnpj = '${cnpjRevenda}' WHERE cnpj = '45723174000110'`);
    expect(dataOf(await operacao('reenviarNota')).faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota).toBe(true);
    const ok = await info();
    expect(ok).toMatchObject({ status: 'Autorizada', numeronota: '1', reenviaremail: true, reenviarnota: false, mensagem: null });
    expect(ok.protocolo).toMatch(/^SBX\d{15}$/);
    // processing again changes nothing: one invoice, one number, one e-mail
    expect(dataOf(await operacao('processar')).faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota).toBe(true);
    expect(Number((await t.exec(`SELECT ultimo FROM nfse_numeracao`))[0]!.ultimo)).toBe(1);
    const [nota] = await t.exec(`SELECT numerodps, xmldps, chaveacesso FROM notas_servico`);
    // the rejected DPS was sent again under its own number
    expect(Number(nota!.numerodps)).toBe(1);
    expect(verifyDps(String(nota!.xmldps))).toBe(true);
    expect(String(nota!.chaveacesso)).toMatch(/^\d{50}$/);
    expect((await call(LISTA, {})).listarFaturamentoMovimento[0]).toMatchObject({ situacao: 'AUTORIZADA', numeronota: '1', exibirlink: 'N', reenviaremail: 'S' });
  });

  it('e-mails the authorized invoice to the client with its DANFSE and XML, and again on Reenv. email', async () => {
    await t.app.services.mailer.idle();
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(['financeiro@cliente-faturamento.test']);
    // sent by the reseller's own mailbox, signed in with its Dados NFe password over TLS, from its address
    expect(smtp.logins).toEqual([{ user: 'fiscal@revenda.test', secure: true }]);
    expect(mail.from).toBe('fiscal@revenda.test');
    // the provider's name (encoded: it has accents) and its address; a header may be folded over lines
    expect(mail.raw.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/^From: =\?UTF-8\?Q\?Revenda_Sul.* <fiscal@revenda\.test>\r?$/m);
    expect(mail.raw).toMatch(/^Reply-To: fiscal@revenda\.test\r?$/m);
    expect(plataforma.mails).toHaveLength(0);
    const pdf = attachment(mail, 'nfse-1.pdf');
    expect(pdf?.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = pdfText(pdf!);
    expect(text).not.toContain('SEM VALOR FISCAL');
    expect(text).toContain('Cliente Faturamento');
    const xml = attachment(mail, 'nfse-1.xml')!.toString('utf8');
    expect(xml).toContain('<nNFSe>1</nNFSe>');
    expect(xml).toContain('<vServ>102.01</vServ>');

    expect(dataOf(await operacao('reenviarEmail')).faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota).toBe(true);
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(2);
  });

  it("keeps the e-mail for a retry when the mailbox refuses its password, and sends it once the password is right", async () => {
    await t.exec(`UPDATE dados_nfe SET senhaemail = '${seal('senhaemail', 'senha-antiga')}'`);
    expect(dataOf(await operacao('reenviarEmail')).faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota).toBe(true);
    await t.app.services.mailer.idle();
    const [kept] = await t.exec(`SELECT codemail, enviadoem, erro, tentativas, proximatentativa, codpessoaremetente FROM caixa_saida ORDER BY codemail DESC LIMIT 1`);
    expect(kept).toMatchObject({ enviadoem: null, tentativas: 1 });
    expect(String(kept!.erro)).toContain('535');
    expect(kept!.proximatentativa).not.toBeNull();
    expect(String(kept!.erro)).not.toContain('senha-antiga');
    expect(smtp.mails).toHaveLength(2);
    expect(plataforma.mails).toHaveLength(0);

    // the password corrected in Dados NFe: the outbox's retry leaves from the same mailbox
    await t.exec(`UPDATE dados_nfe SET senhaemail = '${seal('senhaemail', 'smtp-senha')}'`);
    await t.exec(`UPDATE caixa_saida SET proximatentativa = now() WHERE codemail = ${kept!.codemail}`);
    expect(await t.app.services.mailer.retryFailed()).toEqual({ tried: 1, sent: 1 });
    expect(smtp.mails).toHaveLength(3);
    expect(plataforma.mails).toHaveLength(0);
  });

  it('never sends the mailbox password in the clear: a server without STARTTLS gets no login and no e-mail', async () => {
    const clear = await startSmtp({ account: { user: 'fiscal@revenda.test', pass: 'smtp-senha' } });
    try {
      await t.exec(`UPDATE dados_nfe SET porta = ${clear.port}`);
      expect(dataOf(await operacao('reenviarEmail')).faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota).toBe(true);
      await t.app.services.mailer.idle();
      const [kept] = await t.exec(`SELECT enviadoem, erro FROM caixa_saida ORDER BY codemail DESC LIMIT 1`);
      expect(kept!.enviadoem).toBeNull();
      expect(String(kept!.erro)).toMatch(/TLS/i);
      expect(clear.logins).toEqual([]);
      expect(clear.mails).toEqual([]);
    } finally {
      await t.exec(`UPDATE dados_nfe SET porta = ${smtp.port}`);
      await clear.close();
    }
  });

  it('refuses what does not apply: accepting an authorized invoice; and every call to a client', async () => {
    expect(errorOf(await operacao('aceitar')).message).toBe(MSG.notaOperacaoInvalida);
    const cliente = await t.login('CLIENTE');
    expect(errorOf(await operacao('processar', cliente)).code).toBe('FORBIDDEN');
    expect(errorOf(await t.call(INFO, { v: { chave } }, { cookie: cliente })).code).toBe('FORBIDDEN');
  });

  it('a rejected invoice can be accepted: the movement counts as processed, without invoice', async () => {
    await t.exec(`UPDATE notas_servico SET status = 'REJEITADA', reenviarnota = true`);
    expect(dataOf(await operacao('aceitar')).faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota).toBe(true);
    expect(await info()).toMatchObject({ status: 'Aceita sem nota', reenviarnota: false, reenviaremail: false });
    expect((await call(LISTA, {})).listarFaturamentoMovimento[0]).toMatchObject({ situacao: 'ACEITA', exibirlink: 'N' });
  });
});
