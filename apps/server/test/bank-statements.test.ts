import { fillMessage, MSG, contaBancariaTexto } from '@concilia/domain';
import { type BankAccountRef, type BankPostingInput, writeCnab240Extrato, writeOfx } from '@concilia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_MATCH_QUEUE } from '../src/reconcile/bank-match-queue';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

/**
 * Issue 21: Contas Bancárias and the load of bank statements (OFX, CNAB 240 extrato) through the ingestion pipeline.
 * Statements are built with the engine's writers and sent through the real GraphQL multipart upload.
 */
const SALVAR = `mutation($values: ContaBancariaSaveValues!) { salvarContaBancaria(values: $values) { codcontabancaria codpessoa banco agencia conta digito ativo } }`;
const LISTAR = `query { listarContasBancarias { codcontabancaria codpessoa banco agencia conta } }`;
const ENVIAR = `mutation enviarArquivo($arquivo: File!, $codpessoa: Int) {
  enviarArquivo(arquivo: $arquivo, codpessoa: $codpessoa) { codarquivo status mensagem duplicate } }`;
const EXCLUIR = `mutation($values: ArquivoManutencaoKeyValues!) { deletarManutencaoArquivos(values: $values) }`;

/** CLIENTE's account, as a user types it (agency without its zeros, account with leading zeros). */
const CONTA: BankAccountRef = { banco: '341', agencia: '0123', conta: '45678', digito: '9' };
/** CLIENTE2's account. */
const CONTA2: BankAccountRef = { banco: '237', agencia: '0456', conta: '99887', digito: '1' };
/** nobody registered it */
const NINGUEM: BankAccountRef = { banco: '001', agencia: '0001', conta: '55555', digito: '0' };

const POSTINGS: BankPostingInput[] = [
  { data: '2026-09-01', natureza: 'C', valor: 123456, documento: 'D1', historico: 'CIELO CREDITO', codigohistorico: '0001', categoria: '202', fitid: 'F1' },
  { data: '2026-09-02', natureza: 'D', valor: 9900, documento: 'D2', historico: 'ALUGUEL POS', codigohistorico: '0002', categoria: '105', fitid: 'F2' },
  { data: '2026-09-03', natureza: 'C', valor: 50000, documento: 'D3', historico: 'REDE CREDITO', codigohistorico: '0001', categoria: '202', fitid: 'F3' },
];
/** overlaps POSTINGS on 09-03 and brings one more day */
const OVERLAP: BankPostingInput[] = [
  POSTINGS[2]!,
  { data: '2026-09-04', natureza: 'C', valor: 7700, documento: 'D4', historico: 'GETNET CREDITO', codigohistorico: '0001', categoria: '202', fitid: 'F4' },
];

type FileRow = { codarquivo: number; status: string; mensagem: string | null; codpessoa: number | null; linhas: number; repetidas: number; avisos: number };

describe.each(engines())('bank statements on %s', (engine) => {
  let t: TestApp;
  let cliente: string;
  let cliente2: string;
  let centro: number;
  let matriz: number;
  let conta: number;

  const person = async (nome: string) => Number((await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = '${nome}'`))[0]!.codpessoa);
  const save = (cookie: string, editValues: Record<string, unknown>) => t.call(SALVAR, { values: { insert: true, editValues } }, { cookie });

  async function upload(cookie: string, name: string, bytes: Uint8Array): Promise<FileRow> {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: ENVIAR, variables: { arquivo: null, codpessoa: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.arquivo'] }));
    form.set('0', new File([new Uint8Array(bytes)], name));
    const sent = dataOf(await t.fetch({ method: 'POST', headers: { cookie, 'x-graphql-yoga-csrf': '1' }, body: form })).enviarArquivo;
    await t.app.services.ingestion.drain();
    const [row] = await t.exec(`SELECT codarquivo, status, mensagem, codpessoa, linhas, repetidas, avisos FROM arquivos WHERE codarquivo = ${sent.codarquivo}`);
    return row as unknown as FileRow;
  }
  const postings = async (where: string) => (await t.exec(
    `SELECT l.data::text AS data, l.natureza, l.valor::int AS valor, l.documento, l.codpessoa, l.codcontabancaria FROM linhas_banco l WHERE ${where} ORDER BY l.data, l.natureza`));
  const jobs = async () => (await t.exec(`SELECT payload FROM jobs WHERE queue = '${BANK_MATCH_QUEUE}' ORDER BY id`)).map((r) => r.payload as { codpessoas: number[]; de: string; ate: string });

  beforeAll(async () => {
    t = await createTestApp(engine, { INGEST_WORKERS: '1' });
    [cliente, cliente2] = [await t.login('CLIENTE'), await t.login('CLIENTE2')];
    [centro, matriz] = [await person('Pão Quente - Centro'), await person('Bom Preço - Matriz')];
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers an account in the form statements name it, and refuses a duplicate with a field error', async () => {
    const saved = dataOf(await save(cliente, { codpessoa: centro, banco: '341', agencia: '123', conta: '00045678', digito: '9', descricao: 'Itaú Centro' })).salvarContaBancaria;
    expect(saved).toMatchObject({ codpessoa: centro, banco: '341', agencia: '0123', conta: '45678', digito: '9', ativo: true });
    conta = saved.codcontabancaria;
    const dup = await save(cliente, { codpessoa: centro, banco: '341', agencia: '0123', conta: '45678' });
    expect(errorOf(dup)).toEqual({ message: MSG.contaBancariaDuplicada, code: 'BAD_USER_INPUT' });
    expect(dup.body.errors[0].extensions.issues).toEqual([{ path: 'conta', message: MSG.contaBancariaDuplicada }]);
    const bad = await save(cliente, { codpessoa: centro, banco: '341', agencia: '12-3', conta: '1' });
    expect(errorOf(bad).message).toBe(MSG.contaBancariaAgenciaInvalida);
    // another client's unit is not the caller's to register to
    expect(errorOf(await save(cliente, { codpessoa: matriz, banco: '104', agencia: '1', conta: '1' })).code).toBe('FORBIDDEN');
    dataOf(await save(cliente2, { codpessoa: matriz, ...CONTA2 }));
    expect(dataOf(await t.call(LISTAR, {}, { cookie: cliente2 })).listarContasBancarias.map((c: { codpessoa: number }) => c.codpessoa)).toEqual([matriz]);
  });

  it('loads an OFX statement to the account, queues the bank check, and loads nothing twice', async () => {
    const ofx = writeOfx(CONTA, POSTINGS, { dataGeracao: '2026-09-05' });
    const file = await upload(cliente, 'extrato.ofx', ofx);
    expect(file).toMatchObject({ status: 'PROCESSADO', linhas: 3, repetidas: 0 });
    expect(await postings(`codarquivo = ${file.codarquivo}`)).toEqual([
      { data: '2026-09-01', natureza: 'C', valor: 123456, documento: 'F1', codpessoa: centro, codcontabancaria: conta },
      { data: '2026-09-02', natureza: 'D', valor: 9900, documento: 'F2', codpessoa: centro, codcontabancaria: conta },
      { data: '2026-09-03', natureza: 'C', valor: 50000, documento: 'F3', codpessoa: centro, codcontabancaria: conta },
    ]);
    const [tipo] = await t.exec(`SELECT tipo, layout FROM arquivos WHERE codarquivo = ${file.codarquivo}`);
    expect(tipo).toEqual({ tipo: 'EXTRATO_BANCARIO', layout: 'OFX' });
    expect(await jobs()).toEqual([{ codpessoas: [centro], de: '2026-09-01', ate: '2026-09-03' }]);

    // the same postings in a statement of another day (other bytes), and an overlapping period
    const again = await upload(cliente, 'extrato-2.ofx', writeOfx(CONTA, POSTINGS, { dataGeracao: '2026-09-06' }));
    expect(again).toMatchObject({ status: 'PROCESSADO', linhas: 0, repetidas: 3 });
    const overlap = await upload(cliente, 'extrato-3.ofx', writeOfx(CONTA, OVERLAP, { dataGeracao: '2026-09-07' }));
    expect(overlap).toMatchObject({ status: 'PROCESSADO', linhas: 1, repetidas: 1 });
    expect((await postings(`codcontabancaria = ${conta}`)).length).toBe(4);
    expect((await jobs()).at(-1)).toEqual({ codpessoas: [centro], de: '2026-09-04', ate: '2026-09-04' });
  });

  it('loads a CNAB 240 statement of the account (agency padded to 5 digits, account to 12)', async () => {
    const cnabPostings: BankPostingInput[] = [
      { data: '2026-10-01', natureza: 'C', valor: 88800, documento: 'DOC1', historico: 'CIELO', codigohistorico: '0001', categoria: '202' },
      { data: '2026-10-02', natureza: 'D', valor: 1500, documento: 'DOC2', historico: 'TARIFA', codigohistorico: '0002', categoria: '105' },
    ];
    const file = await upload(cliente, 'extrato.ret', writeCnab240Extrato(CONTA, cnabPostings, { dataGeracao: '2026-10-03' }));
    expect(file).toMatchObject({ status: 'PROCESSADO', linhas: 2 });
    expect(await postings(`codarquivo = ${file.codarquivo}`)).toEqual([
      { data: '2026-10-01', natureza: 'C', valor: 88800, documento: 'DOC1', codpessoa: centro, codcontabancaria: conta },
      { data: '2026-10-02', natureza: 'D', valor: 1500, documento: 'DOC2', codpessoa: centro, codcontabancaria: conta },
    ]);
    const [tipo] = await t.exec(`SELECT layout FROM arquivos WHERE codarquivo = ${file.codarquivo}`);
    expect(tipo).toEqual({ layout: 'CNAB240_EXTRATO' });
  });

  it("a statement of an unregistered account, or of another client's account, loads nothing for it and says which account to register", async () => {
    const file = await upload(cliente, 'ninguem.ofx', writeOfx(NINGUEM, POSTINGS, { dataGeracao: '2026-09-05' }));
    expect(file).toMatchObject({ status: 'PROCESSADO_AVISOS', linhas: 0 });
    expect(file.mensagem).toContain(contaBancariaTexto({ ...NINGUEM, agencia: '0001' }));
    expect(file.mensagem).toContain('não está cadastrada');
    expect(await postings(`codarquivo = ${file.codarquivo}`)).toEqual([]);

    // CLIENTE sends a statement of CLIENTE2's account: nothing written to CLIENTE2, the same words as for nobody's
    const before = await postings(`codpessoa = ${matriz}`);
    const jobsBefore = (await jobs()).length;
    const attack = await upload(cliente, 'alheio.ofx', writeOfx(CONTA2, POSTINGS, { dataGeracao: '2026-09-05' }));
    expect(attack).toMatchObject({ status: 'PROCESSADO_AVISOS', linhas: 0 });
    const line = Number(/Linha (\d+)/.exec(attack.mensagem!)![1]);
    expect(attack.mensagem).toContain(fillMessage(MSG.extratoContaNaoCadastrada, { linha: line, conta: contaBancariaTexto(CONTA2) }));
    expect(await postings(`codpessoa = ${matriz}`)).toEqual(before);
    expect((await jobs()).length).toBe(jobsBefore);
    // the owner's own upload of it loads
    expect(await upload(cliente2, 'proprio.ofx', writeOfx(CONTA2, POSTINGS, { dataGeracao: '2026-09-05' }))).toMatchObject({ status: 'PROCESSADO', linhas: 3 });
  });

  it('a malformed statement ends in Erro with a located message and loads nothing', async () => {
    const good = new TextDecoder('latin1').decode(writeOfx(CONTA, [{ data: '2026-11-02', natureza: 'C', valor: 100, documento: null, historico: 'X', codigohistorico: null, categoria: null, fitid: 'Z1' }], { dataGeracao: '2026-11-03' }));
    const broken = good.replace(/<TRNAMT>[^<\r\n]*/, '<TRNAMT>12,3x4');
    const file = await upload(cliente, 'quebrado.ofx', new TextEncoder().encode(broken));
    expect(file.status).toBe('ERRO');
    expect(file.mensagem).toMatch(/^Arquivo com 1 erro; nada foi carregado\.\nLinha \d+: /);
    expect(await postings(`codarquivo = ${file.codarquivo}`)).toEqual([]);
  });

  it('deleting a statement removes its postings and checks those days again', async () => {
    const file = await upload(cliente, 'apagar.ofx', writeOfx(CONTA, [{ data: '2026-12-01', natureza: 'C', valor: 4242, documento: null, historico: 'Y', codigohistorico: null, categoria: null, fitid: 'DEL1' }], { dataGeracao: '2026-12-02' }));
    expect(file).toMatchObject({ status: 'PROCESSADO', linhas: 1 });
    const admin = await t.login('ADMIN');
    expect(dataOf(await t.call(EXCLUIR, { values: { editValues: { codarquivo: file.codarquivo } } }, { cookie: admin })).deletarManutencaoArquivos).toBe(true);
    expect(await postings(`codarquivo = ${file.codarquivo}`)).toEqual([]);
    expect(await t.exec(`SELECT 1 FROM arquivos WHERE codarquivo = ${file.codarquivo}`)).toEqual([]);
    // the settlements it paid would read 'Creditado' against a posting that is gone: the check of its day is queued
    expect((await jobs()).at(-1)).toEqual({ codpessoas: [centro], de: '2026-12-01', ate: '2026-12-01' });
  });
});
