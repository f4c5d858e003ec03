import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { addDays, bucketsS3Register, fillMessage, isBusinessDay, MSG, todayBusiness } from '@concilia/domain';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFiles } from '../src/ingest/demo-files.seed';
import { createIngestion } from '../src/ingest/ingestion';
import {
  dispatchDueIntegrations, INTEGRATION_RUN_QUEUE, type IntegrationDeps, integrationScheduleHandlers, pendingPeriods, redeliver, runIntegration,
} from '../src/integrations/integration-schedules';
import { pontoDecimal } from '../src/integrations/layouts/layout-common';
import { sealSecret } from '../src/register-kit/register-secrets';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';
import { startFtpServer, type FtpTestServer } from './support/ftp-server';
import { startS3Server, type S3TestServer } from './support/s3-server';
import { startSftpServer, type SftpTestServer } from './support/sftp-server';

/**
 * Integration schedules (issue 20): the register through GraphQL (the server password sealed, never answered; the
 * cross-field rules; the unit and bucket the client's); a due schedule dispatched and its days delivered as the
 * TOTVS file of the demo's payments to a real SFTP server, and to FTP, FTPS and S3; two worker processes deliver
 * each day exactly once; a refused login ends the day in error with the delivery's message, is tried again, and
 * once the password is fixed the day goes and the watermark moves; a server down is retried with back-off; Reenviar
 * delivers a day again; another client's administrator sees and runs nothing of it. No password reaches a log.
 */
const SENHA_SFTP = 'segredo-sftp-4471';
const SENHA_FTP = 'segredo-ftp-8812';
const SALVAR = `mutation($v: AgendamentoIntegracaoSaveValues!) { salvarIntegracaoAgendamento(values: $v) {
  codagendamentointegracao codpessoa tipo protocolo host porta login senha senhaGravada status hora datainiciogeracao ultimadatagerada proximaexecucao conciliadores chaveservidor } }`;
const LISTAR = 'query { getAgendamentosIntegracao { codagendamentointegracao } }';
const EXECUCOES = `query($c: Int!) { getExecucoesIntegracao(codagendamentointegracao: $c) {
  codexecucao datamovimento iniciadoem terminadoem status tentativas arquivo linhas bytes mensagem } }`;
const EXECUTAR = 'mutation($v: AgendamentoIntegracaoKeyValues!) { executarIntegracaoAgendamento(values: $v) }';
const REENVIAR = 'mutation($c: Int!) { reenviarExecucaoIntegracao(codexecucao: $c) }';
const BUCKETS = 'query($c: Int) { listarItensBucketsS3(codpessoa: $c) { valor label } }';

type Row = Record<string, unknown>;
const PAGAMENTO_OU_AJUSTE = `('settlement', 'anticipation', 'adjustment', 'cancellation', 'chargeback')`;

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(engines())('integration schedules (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let sftp: SftpTestServer;
  let ftp: FtpTestServer;
  let ftps: FtpTestServer;
  let s3: S3TestServer;
  let deps: IntegrationDeps;
  const logLines: string[] = [];
  const ontem = addDays(todayBusiness(), -1);
  /** the demo's latest business day with payments before yesterday, and the client it is of (Padaria) */
  let dia = '';
  const padaria = 3;
  let sftpAg = 0;

  const valores = (v: Row = {}) => ({
    codpessoa: padaria, tipo: 'TOTVS_PROTHEUS', status: 'A', datainiciogeracao: dia, hora: '06:00', protocolo: 'SFTP',
    host: sftp.host, porta: sftp.port, login: 'erp', senha: SENHA_SFTP, diretorioftp: '/entrada/totvs', ...v,
  });
  const salvar = (v: Row, cookie = admin, insert = v.codagendamentointegracao === undefined) =>
    t.call(SALVAR, { v: { insert, editValues: valores(v) } }, { cookie });
  const execucoes = async (cod: number, cookie = admin): Promise<Row[]> => dataOf(await t.call(EXECUCOES, { c: cod }, { cookie })).getExecucoesIntegracao;
  const one = async (q: string) => (await t.exec(q))[0]!;
  const owed = (inicio: string, ultima: string | null = null) => pendingPeriods(inicio, ultima, ontem).map((p) => p.dia);
  const fileName = (d: string) => `TOTVS_PROTHEUS_${padaria}_${d.replace(/-/g, '')}.txt`;

  beforeAll(async () => {
    [sftp, ftp, ftps, s3] = await Promise.all([
      startSftpServer({ user: 'erp', password: SENHA_SFTP }),
      startFtpServer({ user: 'erp', password: SENHA_FTP }),
      startFtpServer({ user: 'erp', password: SENHA_FTP, tls: true }),
      startS3Server(),
    ]);
    t = await createTestApp(engine);
    admin = await t.login('ADMIN');
    const log = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });
    deps = { db: t.db, config: t.config, log, delivery: { ca: ftps.certificate ?? undefined, timeoutMs: 5_000 } };
    const ing = createIngestion({ open: t.opened, log: pino({ level: 'silent' }), filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
    await seedDemoFiles(t.opened, ing, 120);
    await ing.drain();
    await ing.stop();
    const days = await t.exec(`SELECT DISTINCT data::text AS d FROM linhas_operadora WHERE tipo = 'settlement' AND codpessoa IN (5, 6)
      AND data < '${ontem}' ORDER BY d DESC LIMIT 20`);
    // the latest business day with payments from which two business days are owed (the tests below move the watermark
    // to the one before the last): on a weekend the last one alone is not enough
    dia = days.map((r) => String(r.d)).filter(isBusinessDay).find((d) => owed(d).length >= 2)!;
    expect(dia).toBeTruthy();
    // the client's TOTVS codes: Cielo's customer code and the posting parameters
    await t.exec(`INSERT INTO parametros_totvs (codpessoa, codfilial, codcontacaixa, codcentrocusto, codevento) VALUES (${padaria}, '01', 'CX01', '1001', '1.01.001')`);
    await t.exec(`INSERT INTO codigos_operadora_totvs (codpessoa, codoperadora, codclifor, loja, natureza) VALUES (${padaria}, 1, 'CIE001', '01', '1.02.003')`);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await Promise.all([sftp?.close(), ftp?.close(), ftps?.close(), s3?.close()]);
  });

  it('saves a schedule: the password sealed at rest and never answered; what the form refuses, the server refuses', async () => {
    expect(errorOf(await salvar({ host: '' })).message).toBe(MSG.integracaoHostObrigatorio);
    expect(errorOf(await salvar({ senha: '' })).message).toBe(MSG.integracaoSenhaObrigatoria);
    expect(errorOf(await salvar({ protocolo: 'S3' })).message).toBe(MSG.integracaoBucketObrigatorio);
    expect(errorOf(await salvar({ hora: '6h' })).message).toBe(MSG.agendamentoHoraInvalida);
    expect(errorOf(await salvar({ chaveservidor: 'ab:cd:ef' })).message).toBe(MSG.integracaoChaveServidorInvalida);
    // Bom Preço's unit is not Padaria's
    expect(errorOf(await salvar({ unidadeconciliadora: 7 })).message).toBe(MSG.integracaoUnidadeInvalida);
    const saved = dataOf(await salvar({ conciliadores: [1, 2, 1] })).salvarIntegracaoAgendamento;
    expect(saved).toMatchObject({ codpessoa: padaria, protocolo: 'SFTP', senha: null, senhaGravada: true, status: 'A', ultimadatagerada: null, conciliadores: [1, 2] });
    expect(Date.parse(saved.proximaexecucao)).toBeGreaterThan(Date.now());
    sftpAg = saved.codagendamentointegracao;
    const stored = await one(`SELECT senha, codusuario FROM agendamentos_integracao WHERE codagendamentointegracao = ${sftpAg}`);
    expect(String(stored.senha)).not.toContain(SENHA_SFTP);
    expect(String(stored.senha).length).toBeGreaterThan(20);
    expect(stored.codusuario).toBe(await t.userId('ADMIN'));
    // every operator again; an edit without a password keeps the stored one
    const edited = dataOf(await salvar({ codagendamentointegracao: sftpAg, conciliadores: [], senha: '' })).salvarIntegracaoAgendamento;
    expect(edited.senhaGravada).toBe(true);
    expect((await one(`SELECT senha FROM agendamentos_integracao WHERE codagendamentointegracao = ${sftpAg}`)).senha).toBe(stored.senha);
    const got = dataOf(await t.call(`query($v: AgendamentoIntegracaoKeyValues!) { getAgendamentoIntegracao(values: $v) { senha senhaGravada host } }`,
      { v: { editValues: { codagendamentointegracao: sftpAg } } }, { cookie: admin })).getAgendamentoIntegracao;
    expect(got).toEqual({ senha: null, senhaGravada: true, host: sftp.host });
  });

  it("a due schedule is dispatched once and delivers each business day owed, the first one the demo's payments of that day, to SFTP", async () => {
    await t.exec(`UPDATE agendamentos_integracao SET proximaexecucao = now() - interval '1 minute' WHERE codagendamentointegracao = ${sftpAg}`);
    const counts = await Promise.all([dispatchDueIntegrations(t.db), dispatchDueIntegrations(t.db)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const [job] = await t.exec(`SELECT payload FROM jobs WHERE queue = '${INTEGRATION_RUN_QUEUE}'`);
    expect(job!.payload).toEqual({ codagendamentointegracao: sftpAg });
    await t.exec(`DELETE FROM jobs`);

    const entregues = await runIntegration(deps, sftpAg);
    expect(entregues).toEqual(owed(dia));
    const body = fs.readFileSync(path.join(sftp.root, 'entrada/totvs', fileName(dia)), 'utf8');
    const lines = body.split('\r\n').slice(0, -1);
    const expected = await t.exec(`SELECT nsu, valorliquido, tipo FROM linhas_operadora WHERE data = '${dia}' AND codpessoa IN (5, 6)
      AND tipo IN ${PAGAMENTO_OU_AJUSTE} ORDER BY codlinha`);
    expect(expected.length).toBeGreaterThan(0);
    expect(lines).toHaveLength(expected.length);
    for (const e of expected) {
      const l = lines.find((x) => x.split('|')[15] === e.nsu)!;
      expect(l, `NSU ${e.nsu}`).toBeTruthy();
      const f = l.split('|');
      expect(f.slice(0, 7)).toEqual([e.tipo === 'settlement' ? 'PG' : 'AJ', '01', dia.replace(/-/g, ''), 'CIE001', '01', '1.02.003', 'CX01']);
      expect(f[20]).toBe(pontoDecimal(Number(e.valorliquido)));
    }
    const hist = await execucoes(sftpAg);
    expect(hist.map((h) => h.datamovimento)).toEqual([...owed(dia)].reverse());
    expect(hist.every((h) => h.status === 'ENTREGUE' && h.tentativas === 1)).toBe(true);
    expect(hist.at(-1)).toMatchObject({ arquivo: fileName(dia), linhas: expected.length, bytes: Buffer.byteLength(body) });
    expect((await one(`SELECT ultimadatagerada::text AS u FROM agendamentos_integracao WHERE codagendamentointegracao = ${sftpAg}`)).u).toBe(owed(dia).at(-1));
    // nothing owed: a second run delivers nothing
    expect(await runIntegration(deps, sftpAg)).toEqual([]);
    // trust on first use: the server's key, recorded by the first delivery and said in its history
    expect((await one(`SELECT chaveservidor FROM agendamentos_integracao WHERE codagendamentointegracao = ${sftpAg}`)).chaveservidor).toBe(sftp.fingerprint);
    expect(hist.at(-1)!.mensagem).toContain(fillMessage(MSG.entregaChaveServidorGravada, { chave: sftp.fingerprint }));
    expect(hist.slice(0, -1).every((h) => !String(h.mensagem).includes(sftp.fingerprint))).toBe(true);
  });

  it("an SFTP server showing another key than the recorded one gets nothing; a new address is trusted afresh", async () => {
    const ultimo = owed(dia).at(-1)!;
    const outra = `SHA256:${'A'.repeat(43)}`;
    await t.exec(`UPDATE agendamentos_integracao SET chaveservidor = '${outra}', ultimadatagerada = '${owed(dia).at(-2)}' WHERE codagendamentointegracao = ${sftpAg}`);
    expect(await runIntegration(deps, sftpAg)).toEqual([]);
    const refused = (await execucoes(sftpAg)).find((h) => h.datamovimento === ultimo)!;
    expect(refused.status).toBe('ERRO');
    expect(refused.mensagem).toBe(fillMessage(MSG.entregaChaveServidorDiferente, { servidor: `servidor SFTP 127.0.0.1:${sftp.port}`, recebida: sftp.fingerprint, esperada: outra }));
    expect((await one(`SELECT ultimadatagerada::text AS u FROM agendamentos_integracao WHERE codagendamentointegracao = ${sftpAg}`)).u).toBe(owed(dia).at(-2));

    // a key typed on the form is kept; moving the schedule to another address without one drops the old server's
    const kept = dataOf(await salvar({ codagendamentointegracao: sftpAg, senha: '', chaveservidor: sftp.fingerprint })).salvarIntegracaoAgendamento;
    expect(kept.chaveservidor).toBe(sftp.fingerprint);
    const moved = dataOf(await salvar({ codagendamentointegracao: sftpAg, senha: '', host: 'sftp.erp.example', chaveservidor: sftp.fingerprint })).salvarIntegracaoAgendamento;
    expect(moved.chaveservidor).toBeNull();
    await t.exec(`UPDATE agendamentos_integracao SET host = '${sftp.host}', chaveservidor = NULL WHERE codagendamentointegracao = ${sftpAg}`);
    expect(await runIntegration(deps, sftpAg)).toEqual([ultimo]);
    expect((await one(`SELECT chaveservidor FROM agendamentos_integracao WHERE codagendamentointegracao = ${sftpAg}`)).chaveservidor).toBe(sftp.fingerprint);
  });

  it('delivers to FTP, to FTPS (its certificate trusted) and to S3 (the object read back)', async () => {
    const ultimo = owed(dia).at(-1)!;
    const ftpAg = dataOf(await salvar({ protocolo: 'FTP', host: ftp.host, porta: ftp.port, senha: SENHA_FTP, diretorioftp: 'totvs', datainiciogeracao: ultimo })).salvarIntegracaoAgendamento;
    const ftpsAg = dataOf(await salvar({ protocolo: 'FTPS', host: ftps.host, porta: ftps.port, senha: SENHA_FTP, diretorioftp: '', datainiciogeracao: ultimo })).salvarIntegracaoAgendamento;
    await s3.bucket('erp-padaria');
    const [bucket] = await t.exec(`INSERT INTO buckets_s3 (codpessoa, nome, bucketname, pasta, keyid, senha, regiao, endpoint)
      VALUES (${padaria}, 'ERP da Padaria', 'erp-padaria', 'totvs/entrada', '${s3.accessKeyId}',
        '${sealSecret(t.config, bucketsS3Register, 'senha', padaria, s3.secretAccessKey)}', '${s3.region}', '${s3.endpoint}') RETURNING codbuckets3amazon`);
    const codbucket = Number(bucket!.codbuckets3amazon);
    expect(dataOf(await t.call(BUCKETS, { c: padaria }, { cookie: admin })).listarItensBucketsS3).toEqual([{ valor: String(codbucket), label: 'ERP da Padaria (erp-padaria)' }]);
    // a bucket of another client is refused
    expect(errorOf(await salvar({ protocolo: 'S3', codbuckets3amazon: codbucket, codpessoa: 4 })).message).toBe(MSG.integracaoBucketInvalido);
    const s3Ag = dataOf(await salvar({ protocolo: 'S3', codbuckets3amazon: codbucket, host: null, login: null, senha: null, datainiciogeracao: ultimo })).salvarIntegracaoAgendamento;
    expect(s3Ag).toMatchObject({ host: null, senhaGravada: false });

    for (const ag of [ftpAg, ftpsAg, s3Ag]) expect(await runIntegration(deps, ag.codagendamentointegracao)).toEqual([ultimo]);
    const sftpFile = fs.readFileSync(path.join(sftp.root, 'entrada/totvs', fileName(ultimo)));
    expect(fs.readFileSync(path.join(ftp.root, 'totvs', fileName(ultimo)))).toEqual(sftpFile);
    expect(fs.readFileSync(path.join(ftps.root, fileName(ultimo)))).toEqual(sftpFile);
    const object = await s3.object('erp-padaria', `totvs/entrada/${fileName(ultimo)}`);
    expect(object?.body).toEqual(sftpFile);
    await t.exec(`UPDATE agendamentos_integracao SET status = 'I' WHERE codagendamentointegracao IN (${ftpsAg.codagendamentointegracao}, ${s3Ag.codagendamentointegracao})`);
  });

  it('two worker processes deliver each day exactly once, however many runs are queued', async () => {
    fs.rmSync(path.join(sftp.root, 'entrada'), { recursive: true, force: true });
    await t.exec(`DELETE FROM jobs`);
    await t.exec(`DELETE FROM execucoes_integracao WHERE codagendamentointegracao = ${sftpAg}`);
    await t.exec(`UPDATE agendamentos_integracao SET ultimadatagerada = NULL, proximaexecucao = now() - interval '1 minute' WHERE codagendamentointegracao = ${sftpAg}`);
    // and 'Executar agora' twice on top of the dispatch
    const key = { v: { editValues: { codagendamentointegracao: sftpAg } } };
    expect(dataOf(await t.call(EXECUTAR, key, { cookie: admin })).executarIntegracaoAgendamento).toBe(true);
    expect(dataOf(await t.call(EXECUTAR, key, { cookie: admin })).executarIntegracaoAgendamento).toBe(true);
    const start = () => createIngestion({ open: t.opened, log: pino({ level: 'silent' }), filesDir: t.config.filesDir, workers: 2, pollMs: 20, integrations: { config: t.config } });
    const [a, b] = [start(), start()];
    const last = owed(dia).at(-1);
    try {
      await expect.poll(async () => (await one(`SELECT ultimadatagerada::text AS u FROM agendamentos_integracao WHERE codagendamentointegracao = ${sftpAg}`)).u, { timeout: 30_000 }).toBe(last);
      await a.drain();
      await b.drain();
    } finally {
      await a.stop();
      await b.stop();
    }
    const hist = await execucoes(sftpAg);
    expect(hist.map((h) => [h.datamovimento, h.status, h.tentativas])).toEqual([...owed(dia)].reverse().map((d) => [d, 'ENTREGUE', 1]));
    expect(fs.readdirSync(path.join(sftp.root, 'entrada/totvs')).filter((f) => !f.startsWith('.')).sort()).toEqual(owed(dia).map(fileName));
    await t.exec(`DELETE FROM jobs`);
  });

  it('a refused login ends the day in error with its message and blocks the days after it; tried again, then delivered once the password is fixed', async () => {
    const dias = owed(dia);
    const antes = dias.length > 1 ? dias.at(-2)! : null;
    dataOf(await salvar({ codagendamentointegracao: sftpAg, senha: 'senha-errada-123' }));
    // the last day owed again: the one before it delivered
    await t.exec(`UPDATE agendamentos_integracao SET ultimadatagerada = ${antes ? `'${antes}'` : 'NULL'} WHERE codagendamentointegracao = ${sftpAg}`);
    expect(await runIntegration(deps, sftpAg)).toEqual([]);
    let [day] = await execucoes(sftpAg);
    expect(day).toMatchObject({ datamovimento: dias.at(-1), status: 'ERRO', tentativas: 2 });
    expect(String(day!.mensagem)).toMatch(/senha|login|autentica/i);
    expect(String(day!.mensagem)).not.toContain('senha-errada-123');
    // the next run tries it again (a refused login is not hammered by back-off: it waits for the next run)
    expect(await runIntegration(deps, sftpAg)).toEqual([]);
    [day] = await execucoes(sftpAg);
    expect(day).toMatchObject({ status: 'ERRO', tentativas: 3 });
    expect((await one(`SELECT ultimadatagerada::text AS u FROM agendamentos_integracao WHERE codagendamentointegracao = ${sftpAg}`)).u).toBe(antes);
    dataOf(await salvar({ codagendamentointegracao: sftpAg, senha: SENHA_SFTP }));
    expect(await runIntegration(deps, sftpAg)).toEqual([dias.at(-1)]);
    [day] = await execucoes(sftpAg);
    expect(day).toMatchObject({ status: 'ENTREGUE', tentativas: 4 });
    expect((await one(`SELECT ultimadatagerada::text AS u FROM agendamentos_integracao WHERE codagendamentointegracao = ${sftpAg}`)).u).toBe(dias.at(-1));
  });

  it("a server down ends the day in error saying so, and the job queue tries again with back-off", async () => {
    const ultimo = owed(dia).at(-1)!;
    const port = await closedPort();
    const ag = dataOf(await salvar({ protocolo: 'FTP', host: '127.0.0.1', porta: port, senha: SENHA_FTP, datainiciogeracao: ultimo })).salvarIntegracaoAgendamento;
    const cod = ag.codagendamentointegracao;
    await expect(runIntegration(deps, cod)).rejects.toMatchObject({ code: 'CONEXAO' });
    const [day] = await execucoes(cod);
    expect(day).toMatchObject({ datamovimento: ultimo, status: 'ERRO', tentativas: 1 });
    expect(String(day!.mensagem)).toMatch(/conex/i);
    // through the queue: the failed attempt goes back to pending, later
    await t.exec(`DELETE FROM jobs`);
    dataOf(await t.call(EXECUTAR, { v: { editValues: { codagendamentointegracao: cod } } }, { cookie: admin }));
    const w = createIngestion({ open: t.opened, log: pino({ level: 'silent' }), filesDir: t.config.filesDir, workers: 1, pollMs: 20, integrations: { config: t.config } });
    try {
      await expect.poll(async () => (await t.exec(`SELECT attempts, state, run_at > now() AS later, last_error FROM jobs WHERE queue = '${INTEGRATION_RUN_QUEUE}'`))[0],
        { timeout: 15_000 }).toMatchObject({ attempts: 1, state: 'pending', later: true });
    } finally {
      await w.stop();
    }
    const [again] = await execucoes(cod);
    expect(again!.status).toBe('ERRO');
    expect(again!.tentativas).toBeGreaterThanOrEqual(2);
    // the last attempt failed too: the day keeps the delivery's words and says it will be tried on the next run
    const job = { id: 0, queue: INTEGRATION_RUN_QUEUE, payload: { codagendamentointegracao: cod }, attempts: 4, maxAttempts: 4 };
    await integrationScheduleHandlers(deps)[INTEGRATION_RUN_QUEUE]!.giveUp(job, 'connect ECONNREFUSED');
    const [gaveUp] = await execucoes(cod);
    expect(gaveUp).toMatchObject({ status: 'ERRO', datamovimento: ultimo });
    expect(String(gaveUp!.mensagem)).toMatch(/conex/i);
    expect(String(gaveUp!.mensagem).endsWith(MSG.integracaoFalhou)).toBe(true);
    await t.exec(`DELETE FROM jobs`);
    await t.exec(`UPDATE agendamentos_integracao SET status = 'I' WHERE codagendamentointegracao = ${cod}`);
  });

  it('Reenviar delivers a day again, the watermark where it was', async () => {
    const [day] = await execucoes(sftpAg);
    const file = path.join(sftp.root, 'entrada/totvs', String(day!.arquivo));
    const before = fs.readFileSync(file);
    fs.rmSync(file);
    expect(dataOf(await t.call(REENVIAR, { c: day!.codexecucao }, { cookie: admin })).reenviarExecucaoIntegracao).toBe(true);
    const [job] = await t.exec(`SELECT payload FROM jobs WHERE queue = '${INTEGRATION_RUN_QUEUE}'`);
    expect(job!.payload).toEqual({ codagendamentointegracao: sftpAg, reenviar: day!.codexecucao });
    await t.exec(`DELETE FROM jobs`);
    await redeliver(deps, sftpAg, Number(day!.codexecucao));
    expect(fs.readFileSync(file)).toEqual(before);
    const [again] = await execucoes(sftpAg);
    expect(again).toMatchObject({ codexecucao: day!.codexecucao, status: 'ENTREGUE', tentativas: Number(day!.tentativas) + 1 });
    expect((await one(`SELECT ultimadatagerada::text AS u FROM agendamentos_integracao WHERE codagendamentointegracao = ${sftpAg}`)).u).toBe(day!.datamovimento);
  });

  it("another client's administrator sees, saves, runs and re-sends nothing of these schedules", async () => {
    await t.exec(`INSERT INTO usuarios (login, nome, senhahash, codperfil, codpessoa, email)
      SELECT 'INTRUSOINT', 'Ivo Intruso', senhahash, (SELECT codperfil FROM perfis WHERE nome = 'Administrador Plataforma'), codpessoa, 'intruso-int@mercado.example'
      FROM usuarios WHERE login = 'CLIENTE2'`);
    const intruso = await t.login('INTRUSOINT');
    const seen = dataOf(await t.call(LISTAR, {}, { cookie: intruso })).getAgendamentosIntegracao;
    expect(seen).toEqual([]);
    expect(await execucoes(sftpAg, intruso)).toEqual([]);
    expect(errorOf(await salvar({ codagendamentointegracao: sftpAg, host: 'atacante.example' }, intruso)).code).toBe('FORBIDDEN');
    // a new one for a client it does not reach
    expect(errorOf(await salvar({}, intruso)).code).toBe('FORBIDDEN');
    expect(errorOf(await t.call(EXECUTAR, { v: { editValues: { codagendamentointegracao: sftpAg } } }, { cookie: intruso })).code).toBe('FORBIDDEN');
    const [day] = await execucoes(sftpAg);
    expect(errorOf(await t.call(REENVIAR, { c: day!.codexecucao }, { cookie: intruso })).code).toBe('FORBIDDEN');
    expect(dataOf(await t.call(BUCKETS, { c: padaria }, { cookie: intruso })).listarItensBucketsS3).toEqual([]);
    // nor does the other client's own user (refused the screen, or shown none of these)
    const outro = await t.call(LISTAR, {}, { cookie: await t.login('CLIENTE2') });
    expect(outro.body.data?.getAgendamentosIntegracao ?? []).toEqual([]);
    expect(await t.exec(`SELECT count(*)::int AS n FROM jobs`)).toEqual([{ n: 0 }]);
    expect((await one(`SELECT host FROM agendamentos_integracao WHERE codagendamentointegracao = ${sftpAg}`)).host).toBe(sftp.host);
  });

  it('no password reaches a log', () => {
    const all = [...logLines, ...t.logs].join('\n');
    for (const secret of [SENHA_SFTP, SENHA_FTP, 'senha-errada-123', s3.secretAccessKey]) expect(all).not.toContain(secret);
    expect(logLines.some((l) => l.includes('integration file delivered'))).toBe(true);
  });
});
