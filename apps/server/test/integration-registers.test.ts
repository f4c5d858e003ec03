import {
  ajustesIntegradosScreen, bucketsS3Register, codigosOperadoraTotvsRegister, MSG, parametrosTotvsRegister, secretStoredField, softExpressRegister,
} from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument, listDocument, saveDocument } from '../../web/src/registers/register-operations';
import { openSecret } from '../src/register-kit/register-secrets';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

type Row = Record<string, unknown>;
type Def = Parameters<typeof listDocument>[0];

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const issueOf = (r: { body: { errors?: { extensions?: { issues?: { path: string; message: string }[] } }[] } }) => r.body.errors?.[0]?.extensions?.issues?.[0];

/**
 * The registers of Integrações (issue 20; spec part 2 §3 "Cloud bucket", "ERP parameters", §7): through the documents
 * the web screen sends, by a client's administrator (a maintainer profile at the client) — the bucket's secret key
 * sealed and never answered, the bucket-name rule, one TOTVS parameter row per client, one operator code per client
 * and operator, SoftExpress, the adjustments and the delivery that integrated their day — and another client's
 * administrator, who sees none of it.
 */
describe.each(engines())('Integrações registers (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let stranger: string;
  let padaria: number;
  let mercado: number;
  let centro: number;

  const call = (doc: string, values: unknown, cookie = admin, extra: Row = {}) => t.call(doc, { values, ...extra }, { cookie });
  const save = (def: Def, editValues: Row, insert: boolean, cookie = admin) => call(saveDocument(def), { editValues, insert }, cookie);
  const list = async (def: Def, values: Row = {}, cookie = admin): Promise<Row[]> => dataOf(await call(listDocument(def), values, cookie))[def.ops.list];
  const get = async (def: Def, key: Row, cookie = admin): Promise<Row | null> => dataOf(await call(getDocument(def), { editValues: key }, cookie))[def.ops.get!];
  const one = async (text: string) => Number(Object.values((await t.exec(text))[0]!)[0]);

  beforeAll(async () => {
    t = await createTestApp(engine);
    padaria = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'`);
    mercado = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Mercado Bom Preço Ltda'`);
    centro = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`);
    // each client's administrator: a maintainer profile (the one holding Integrações) at the client
    for (const [login, codpessoa] of [['ADMPADARIA', padaria], ['ADMMERCADO', mercado]] as const) {
      await t.exec(`INSERT INTO usuarios (login, nome, codperfil, codpessoa, senhahash)
        SELECT '${login}', 'Admin ${login}', u.codperfil, ${codpessoa}, u.senhahash FROM usuarios u WHERE u.login = 'REVENDA'`);
    }
    admin = await t.login('ADMPADARIA');
    stranger = await t.login('ADMMERCADO');
  });
  afterAll(() => t?.close());

  const bucket: Row = { codpessoa: 0, nome: 'Arquivos do ERP', bucketname: 'padaria-erp.arquivos', pasta: 'conciliacao/', keyid: 'AKIAIOSFODNN7EXAMPLE', senha: SECRET, regiao: 'sa-east-1', endpoint: null };
  let codbucket = 0;

  it("the page is granted to the maintainers and to a merchant's own profile, not to the master users' profiles", async () => {
    // a merchant keeps its own ERP's integrations (what it sees is its own, as the scoping tests below show)
    const cliente = await t.call(listDocument(bucketsS3Register), { values: {} }, { cookie: await t.login('CLIENTE') });
    expect(cliente.body.errors).toBeUndefined();
    const mestre = await t.call(listDocument(bucketsS3Register), { values: {} }, { cookie: await t.login('MESTRE') });
    expect(errorOf(mestre).code).toBe('FORBIDDEN');
  });

  it("saves a bucket with its secret key sealed; list and get answer it only as 'stored'", async () => {
    const saved = dataOf(await save(bucketsS3Register, { ...bucket, codpessoa: padaria }, true)).salvarBucketS3Amazon;
    expect(saved).toMatchObject({ codpessoa: padaria, bucketname: 'padaria-erp.arquivos', senha: null, [secretStoredField('senha')]: true, regiao: 'sa-east-1' });
    codbucket = Number(saved.codbuckets3amazon);
    const [row] = await t.exec(`SELECT * FROM buckets_s3 WHERE codbuckets3amazon = ${codbucket}`);
    expect(String(row!.senha)).not.toContain(SECRET);
    expect(openSecret(t.config, bucketsS3Register, 'senha', padaria, row!.senha)).toBe(SECRET);
    const listed = await list(bucketsS3Register);
    expect(listed).toHaveLength(1);
    const got = await get(bucketsS3Register, { codbuckets3amazon: codbucket });
    expect(got).toMatchObject({ senha: null, senhaGravada: true, keyid: 'AKIAIOSFODNN7EXAMPLE' });
    const dump = JSON.stringify([listed, got]) + JSON.stringify(await t.exec("SELECT * FROM auditoria WHERE entidade = 'bucketsS3'")) + t.logs.join('\n');
    expect(dump).not.toContain(SECRET);
    expect(dump).not.toContain(String(row!.senha));
  });

  it('keeps the stored secret when saved again without it; an S3-compatible endpoint is taken', async () => {
    const before = (await t.exec(`SELECT senha FROM buckets_s3 WHERE codbuckets3amazon = ${codbucket}`))[0]!.senha;
    const r = await save(bucketsS3Register, { ...bucket, codpessoa: padaria, codbuckets3amazon: codbucket, senha: '', endpoint: 'https://minio.padaria.com.br:9000' }, false);
    expect(dataOf(r).salvarBucketS3Amazon).toMatchObject({ senhaGravada: true, endpoint: 'https://minio.padaria.com.br:9000' });
    expect((await t.exec(`SELECT senha FROM buckets_s3 WHERE codbuckets3amazon = ${codbucket}`))[0]!.senha).toBe(before);
  });

  it('refuses a bad bucket name, a bad endpoint and an insert without the secret, each beside its field', async () => {
    for (const bucketname of ['Padaria_ERP', 'ab', 'x'.repeat(64), '192.168.0.1', 'padaria..erp', '-padaria']) {
      const r = await save(bucketsS3Register, { ...bucket, codpessoa: padaria, bucketname }, true);
      expect(errorOf(r).code, bucketname).toBe('BAD_USER_INPUT');
      expect(issueOf(r), bucketname).toMatchObject({ path: 'bucketname' });
      expect([MSG.bucketNomeInvalido, 'Nome do bucket não pode exceder 63 caracteres']).toContain(issueOf(r)!.message);
    }
    const endpoint = await save(bucketsS3Register, { ...bucket, codpessoa: padaria, endpoint: 'ftp://minio' }, true);
    expect(issueOf(endpoint)).toEqual({ path: 'endpoint', message: MSG.bucketEndpointInvalido });
    const semSenha = await save(bucketsS3Register, { ...bucket, codpessoa: padaria, senha: '' }, true);
    expect(issueOf(semSenha)).toEqual({ path: 'senha', message: 'Chave secreta é obrigatório.' });
    // a unit is not a client: buckets belong to clients
    const unidade = await save(bucketsS3Register, { ...bucket, codpessoa: centro }, true);
    expect(issueOf(unidade)).toEqual({ path: 'codpessoa', message: MSG.integracaoCadastroClienteInvalido });
    expect(await one(`SELECT count(*) FROM buckets_s3`)).toBe(1);
  });

  const totvs: Row = {
    codfilial: '01', opcional1: null, opcional2: null, coddepartamento: '100', codcentrocusto: '1.01.001', tipocontabil: 'C', codmoeda: 'R$',
    codcontacaixa: 'CX01', statuslancamento: '0', codcoligadaclifor: '1', codcoligadacontacaixa: '1', tiposacado: 'C', codevento: 'EV01',
  };

  it('keeps one row of TOTVS parameters per client', async () => {
    const saved = dataOf(await save(parametrosTotvsRegister, { ...totvs, codpessoa: padaria }, true)).salvarParametrosTOTVS;
    expect(saved).toMatchObject({ codpessoa: padaria, codcentrocusto: '1.01.001', codevento: 'EV01' });
    const again = await save(parametrosTotvsRegister, { ...totvs, codpessoa: padaria, codfilial: '02' }, true);
    expect(issueOf(again)).toEqual({ path: 'codpessoa', message: MSG.totvsParametrosJaCadastrados });
    const edited = await save(parametrosTotvsRegister, { ...totvs, codpessoa: padaria, codparametrototvs: saved.codparametrototvs, codfilial: '02' }, false);
    expect(dataOf(edited).salvarParametrosTOTVS).toMatchObject({ codfilial: '02' });
    expect(await get(parametrosTotvsRegister, { codparametrototvs: saved.codparametrototvs })).toMatchObject({ codfilial: '02', codpessoa: padaria });
    expect(await list(parametrosTotvsRegister, { codpessoa: padaria })).toHaveLength(1);
  });

  it("refuses a second TOTVS code for the same client and operator, beside the operator", async () => {
    const code: Row = { codpessoa: padaria, codoperadora: 1, codclifor: 'F00123', loja: '01', natureza: '1.01.02' };
    const saved = dataOf(await save(codigosOperadoraTotvsRegister, code, true)).salvarCodigoOperadoraTOTVS;
    expect(saved).toMatchObject({ codoperadora: 1, codclifor: 'F00123' });
    const dup = await save(codigosOperadoraTotvsRegister, { ...code, codclifor: 'F00999' }, true);
    expect(issueOf(dup)).toEqual({ path: 'codoperadora', message: MSG.totvsCodigoOperadoraDuplicado });
    expect(dataOf(await save(codigosOperadoraTotvsRegister, { ...code, codoperadora: 2, codclifor: 'F00124' }, true)).salvarCodigoOperadoraTOTVS).toMatchObject({ codoperadora: 2 });
    // moving the second onto the first's operator is the same duplicate
    const second = (await list(codigosOperadoraTotvsRegister, { codoperadora: 2 }))[0]!;
    const moved = await save(codigosOperadoraTotvsRegister, { ...code, codcodigooperadoratotvs: second.codcodigooperadoratotvs }, false);
    expect(issueOf(moved)?.message).toBe(MSG.totvsCodigoOperadoraDuplicado);
    expect(await get(codigosOperadoraTotvsRegister, { codcodigooperadoratotvs: saved.codcodigooperadoratotvs })).toMatchObject({ codclifor: 'F00123' });
  });

  it('SoftExpress: a unit registered with its SiTef store code, round trip', async () => {
    const saved = dataOf(await save(softExpressRegister, { codpessoa: centro, codigoloja: '00012345', cnpj: '45.723.174/0001-10', ativo: true }, true)).salvarIntegracaoSoftExpressCadastro;
    expect(saved).toMatchObject({ codpessoa: centro, codigoloja: '00012345', cnpj: '45723174000110', ativo: true });
    expect(typeof saved.criadoem).toBe('string');
    const off = await save(softExpressRegister, { codintegracaosoftexpress: saved.codintegracaosoftexpress, codpessoa: centro, codigoloja: '00012345', cnpj: '45723174000110', ativo: false }, false);
    expect(dataOf(off).salvarIntegracaoSoftExpressCadastro).toMatchObject({ ativo: false, criadoem: saved.criadoem });
    expect(await get(softExpressRegister, { codintegracaosoftexpress: saved.codintegracaosoftexpress })).toMatchObject({ ativo: false });
    expect(await list(softExpressRegister, { codigoloja: '0001' })).toHaveLength(1);
    const dup = await save(softExpressRegister, { codpessoa: centro, codigoloja: '00012345' }, true);
    expect(issueOf(dup)).toEqual({ path: 'codigoloja', message: MSG.softExpressLojaDuplicada });
  });

  it("Ajustes integrados: the unit's adjustments, and 'Integrado em' once a delivery of the day exists", async () => {
    // an adjustment of the Centro unit (a rent debit) at its Cielo establishment, and one of Mercado's unit (the line
    // tables carry no foreign keys: a file's lines, as the pipeline writes them)
    const base = { estabelecimento: '1023456789' };
    const adjustment = (codpessoa: number, chave: string, data: string) => one(`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente, estabelecimento, data, valorliquido, motivo, motivonome)
      VALUES (0, 1, '${chave}', 1, 'adjustment', '3', 1, ${codpessoa}, cliente_raiz(${codpessoa}), '${base.estabelecimento}', '${data}', -8990, '41', 'Aluguel de POS') RETURNING codlinha`);
    const codlinha = await adjustment(centro, '6f1c2f1e-3a4b-4c5d-8e9f-0a1b2c3d4e5f', '2026-05-13');
    const matriz = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Bom Preço - Matriz'`);
    const outra = await adjustment(matriz, '7f1c2f1e-3a4b-4c5d-8e9f-0a1b2c3d4e5f', '2026-05-13');
    // a sale is not an adjustment
    await t.exec(`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente, estabelecimento, data, valorliquido)
      VALUES (0, 2, '8f1c2f1e-3a4b-4c5d-8e9f-0a1b2c3d4e5f', 1, 'sale', '1', 1, ${centro}, cliente_raiz(${centro}), '1023456789', '2026-05-13', 10000)`);
    const window = { de: '2026-05-01', ate: '2026-05-31' };
    const rows = await list(ajustesIntegradosScreen, window, admin);
    const mine = rows.find((r) => r.codlinha === codlinha);
    expect(mine).toEqual({
      codlinha, data: '2026-05-13', codoperadora: 1, codpessoa: centro, estabelecimento: base!.estabelecimento,
      motivo: '41 - Aluguel de POS', valor: -8990, integradoem: null, arquivo: null,
    });
    const r = await call(listDocument(ajustesIntegradosScreen), window);
    expect(dataOf(r).listarIntegracaoAjusteTotal).toBe(rows.length);
    expect(rows.map((x) => x.codlinha)).toEqual([codlinha]);
    expect(await get(ajustesIntegradosScreen, { codlinha: outra })).toBeNull();
    // the window is asked for and limited
    expect(errorOf(await call(listDocument(ajustesIntegradosScreen), {})).message).toBe(MSG.periodoMaximo);

    // an active schedule of the client, delivered that day: the adjustment is integrated
    const agendamento = await one(`INSERT INTO agendamentos_integracao (codpessoa, tipo, datainiciogeracao, protocolo, codbuckets3amazon)
      VALUES (${padaria}, 'AJUSTES', '2026-05-01', 'S3', ${codbucket}) RETURNING codagendamentointegracao`);
    await t.exec(`INSERT INTO execucoes_integracao (codagendamentointegracao, datamovimento, status, terminadoem, arquivo)
      VALUES (${agendamento}, '2026-05-12', 'ENTREGUE', '2026-05-13T09:00:00Z', 'ajustes-20260512.csv'),
             (${agendamento}, '2026-05-13', 'ERRO', '2026-05-14T09:00:00Z', 'ajustes-20260513.csv')`);
    expect((await get(ajustesIntegradosScreen, { codlinha }))).toMatchObject({ integradoem: null });
    expect(await list(ajustesIntegradosScreen, { ...window, integrado: 'N' })).toContainEqual(expect.objectContaining({ codlinha }));
    await t.exec(`UPDATE execucoes_integracao SET status = 'ENTREGUE' WHERE datamovimento = '2026-05-13'`);
    expect(await get(ajustesIntegradosScreen, { codlinha })).toMatchObject({ integradoem: '2026-05-14T09:00:00.000Z', arquivo: 'ajustes-20260513.csv' });
    const integrated = await list(ajustesIntegradosScreen, { ...window, integrado: 'S' });
    expect(integrated.map((x) => x.codlinha)).toContain(codlinha);
    // an inactive schedule integrates nothing
    await t.exec(`UPDATE agendamentos_integracao SET status = 'I' WHERE codagendamentointegracao = ${agendamento}`);
    expect(await get(ajustesIntegradosScreen, { codlinha })).toMatchObject({ integradoem: null });
    await t.exec(`UPDATE agendamentos_integracao SET status = 'A' WHERE codagendamentointegracao = ${agendamento}`);
  });

  it("another client's administrator sees and changes none of these rows", async () => {
    const window = { de: '2026-05-01', ate: '2026-05-31' };
    for (const def of [bucketsS3Register, parametrosTotvsRegister, codigosOperadoraTotvsRegister, softExpressRegister]) {
      expect(await list(def, {}, stranger), def.key).toEqual([]);
    }
    const theirs = await list(ajustesIntegradosScreen, window, stranger);
    expect(theirs).toHaveLength(1);
    expect(theirs.filter((r) => r.codpessoa === centro)).toEqual([]);
    const codlinha = await one(`SELECT codlinha FROM linhas_operadora WHERE tipo = 'adjustment' AND codpessoa = ${centro} LIMIT 1`);
    expect(await get(ajustesIntegradosScreen, { codlinha }, stranger)).toBeNull();
    expect(await get(bucketsS3Register, { codbuckets3amazon: codbucket }, stranger)).toBeNull();
    const before = await t.exec(`SELECT * FROM buckets_s3 ORDER BY 1`);
    const write = await save(bucketsS3Register, { ...bucket, codpessoa: padaria, codbuckets3amazon: codbucket, senha: 'invasor' }, false, stranger);
    expect(errorOf(write).code).toBe('FORBIDDEN');
    const insert = await save(bucketsS3Register, { ...bucket, codpessoa: padaria, senha: 'invasor' }, true, stranger);
    expect(errorOf(insert).code).toBe('FORBIDDEN');
    expect(await t.exec(`SELECT * FROM buckets_s3 ORDER BY 1`)).toEqual(before);
    // and its own client's rows are its own: the same TOTVS parameters are free for Mercado
    expect(dataOf(await save(parametrosTotvsRegister, { ...totvs, codpessoa: mercado }, true, stranger)).salvarParametrosTOTVS).toMatchObject({ codpessoa: mercado });
    expect(await list(parametrosTotvsRegister, {}, stranger)).toHaveLength(1);
  });
});
