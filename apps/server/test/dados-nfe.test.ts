import { dadosNfeRegister, MSG, secretStoredField } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument, listDocument, saveDocument } from '../../web/src/registers/register-operations';
import { openSecret } from '../src/register-kit/register-secrets';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';
import { makeTestPkcs12 } from './support/test-certificate';

type Row = Record<string, unknown>;
type Upload = { name: string; bytes: Uint8Array; type?: string };

/** Revenda Sul (person 2, CNPJ 11.222.333/0001-81) keeps its invoice data; NORTE is another reseller. */
const REVENDA_SUL = 2;
const CNPJ_REVENDA_SUL = '11222333000181';
const SENHA_EMAIL = 'Email-S3cr3to!';
const SENHA_CERT = 'Cert-S3cr3ta!';
const dados: Row = {
  codpessoa: REVENDA_SUL, codpessoaemissao: REVENDA_SUL, codcidade: 3106200, subitem: '01.03', codigotributacaomunicipio: '010301',
  incentivadorcultural: 'N', email: 'nfe@revendasul.com.br', smtp: 'smtp.revendasul.com.br', porta: 587, senhaemail: SENHA_EMAIL, iss: 2.5,
};
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const day = 24 * 3600_000;

/**
 * Dados NFe (spec part 2 §2.2, §5, §7) and the register kit's secret and file fields: passwords sealed and never
 * answered, kept when left empty; the certificate opened with its password, in force and the Empresa Emissora's;
 * the logo an image within its limit; another reseller's company out of reach.
 */
describe.each(engines())('Dados NFe (%s)', (engine) => {
  let t: TestApp;
  let owner: string;
  let stranger: string;
  let norte: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('REVENDA');
    // a second reseller with its own maintainer (as the generic register suite makes it)
    await t.exec(`INSERT INTO pessoas (tipo, nome, codpessoapai, cnpj) SELECT 'REVENDA', 'Revenda Norte', codpessoa, '34028316000103' FROM pessoas WHERE tipo = 'PLATAFORMA'`);
    await t.exec(`INSERT INTO usuarios (login, nome, codperfil, codpessoa, senhahash)
      SELECT 'NORTE', 'Nina Norte', u.codperfil, (SELECT codpessoa FROM pessoas WHERE nome = 'Revenda Norte'), u.senhahash
      FROM usuarios u WHERE u.login = 'REVENDA'`);
    stranger = await t.login('NORTE');
    norte = Number((await t.exec("SELECT codpessoa FROM usuarios WHERE login = 'NORTE'"))[0]!.codpessoa);
  });
  afterAll(() => t?.close());

  /** salvarDadosNFe as the form sends it: JSON, or a GraphQL multipart request when files go with it. */
  async function save(editValues: Row, opts: { insert?: boolean; files?: Record<string, Upload>; cookie?: string } = {}) {
    const { insert = false, files = {}, cookie = owner } = opts;
    const values = { editValues: { ...editValues }, searchValues: { codpessoa: editValues.codpessoa }, insert };
    if (!Object.keys(files).length) return t.call(saveDocument(dadosNfeRegister), { values }, { cookie });
    const map: Record<string, string[]> = {};
    Object.keys(files).forEach((field, i) => {
      (values.editValues as Row)[field] = null;
      map[String(i)] = [`variables.values.editValues.${field}`];
    });
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: saveDocument(dadosNfeRegister), variables: { values } }));
    form.set('map', JSON.stringify(map));
    Object.values(files).forEach((f, i) => form.set(String(i), new File([new Uint8Array(f.bytes)], f.name, { type: f.type ?? '' })));
    return t.fetch({ method: 'POST', headers: { 'x-graphql-yoga-csrf': '1', cookie }, body: form });
  }
  const get = async (codpessoa = REVENDA_SUL, cookie = owner): Promise<Row | null> =>
    dataOf(await t.call(getDocument(dadosNfeRegister), { values: { editValues: { codpessoa } } }, { cookie })).getDadoNFe;
  const stored = async () => (await t.exec(`SELECT * FROM dados_nfe WHERE codpessoa = ${REVENDA_SUL}`))[0]!;
  const issueOf = (r: { body: { errors?: { extensions?: { issues?: { path: string; message: string }[] } }[] } }) => r.body.errors?.[0]?.extensions?.issues?.[0];
  const certificate = (o: { cnpj?: string; password?: string; notBefore?: Date; notAfter?: Date } = {}): Upload =>
    ({ name: 'empresa.pfx', bytes: makeTestPkcs12({ cnpj: o.cnpj ?? CNPJ_REVENDA_SUL, password: o.password ?? SENHA_CERT, notBefore: o.notBefore, notAfter: o.notAfter }) });

  it('asks the required secret on insert', async () => {
    const r = await save({ ...dados, senhaemail: '' }, { insert: true });
    expect(errorOf(r)).toEqual({ message: 'Senha Email é obrigatório.', code: 'BAD_USER_INPUT' });
    expect(issueOf(r)?.path).toBe('senhaemail');
  });

  it('stores the e-mail password sealed and never answers it, nor writes it to the audit or the logs', async () => {
    const saved = dataOf(await save(dados, { insert: true })).salvarDadosNFe;
    expect(saved).toMatchObject({ codpessoa: REVENDA_SUL, senhaemail: null, [secretStoredField('senhaemail')]: true, uf: 'MG', iss: 2.5 });
    const row = await stored();
    expect(String(row.senhaemail)).toMatch(/^v1\./);
    expect(String(row.senhaemail)).not.toContain(SENHA_EMAIL);
    expect(openSecret(t.config, dadosNfeRegister, 'senhaemail', REVENDA_SUL, row.senhaemail)).toBe(SENHA_EMAIL);
    // sealed for this company: the same value on another company's row does not open
    expect(() => openSecret(t.config, dadosNfeRegister, 'senhaemail', REVENDA_SUL + 1, row.senhaemail)).toThrow();
    const answers = JSON.stringify([await get(), dataOf(await t.call(listDocument(dadosNfeRegister), { values: {} }, { cookie: owner })).getAllDadosNFe]);
    expect(answers).not.toContain(SENHA_EMAIL);
    expect(answers).not.toContain(String(row.senhaemail));
    const dump = JSON.stringify(await t.exec("SELECT * FROM auditoria WHERE entidade = 'dadosNfe'")) + t.logs.join('\n');
    expect(dump).toContain('nfe@revendasul.com.br');
    expect(dump).not.toContain(SENHA_EMAIL);
  });

  it('keeps the stored password when the form sends it empty, and replaces it when typed', async () => {
    const before = (await stored()).senhaemail;
    const kept = dataOf(await save({ ...dados, senhaemail: '', porta: 465 })).salvarDadosNFe;
    expect(kept).toMatchObject({ porta: 465, senhaemailGravada: true });
    expect((await stored()).senhaemail).toBe(before);
    await save({ ...dados, senhaemail: 'Outra-Senha' });
    expect(openSecret(t.config, dadosNfeRegister, 'senhaemail', REVENDA_SUL, (await stored()).senhaemail)).toBe('Outra-Senha');
  });

  it('refuses a certificate with the wrong password, expired, or of another CNPJ — each beside its field', async () => {
    const wrong = await save({ ...dados, senhaemail: '', senhacertificado: 'errada' }, { files: { certificado: certificate() } });
    expect(errorOf(wrong)).toEqual({ message: 'Senha do certificado inválida.', code: 'BAD_USER_INPUT' });
    expect(issueOf(wrong)?.path).toBe('senhacertificado');
    const expired = await save({ ...dados, senhaemail: '', senhacertificado: SENHA_CERT },
      { files: { certificado: certificate({ notBefore: new Date(Date.now() - 400 * day), notAfter: new Date(Date.now() - day) }) } });
    expect(errorOf(expired).message).toMatch(/^Certificado expirado em \d{2}\/\d{2}\/\d{4}\./);
    expect(issueOf(expired)?.path).toBe('certificado');
    const foreign = await save({ ...dados, senhaemail: '', senhacertificado: SENHA_CERT }, { files: { certificado: certificate({ cnpj: '45723174000110' }) } });
    expect(errorOf(foreign).message).toBe(MSG.nfeCertificadoCnpj.replace('{certificado}', '45.723.174/0001-10').replace('{emissora}', '11.222.333/0001-81'));
    const noPassword = await save({ ...dados, senhaemail: '' }, { files: { certificado: certificate() } });
    expect(errorOf(noPassword).message).toBe(MSG.nfeCertificadoSemSenha);
    const row = await stored();
    expect([row.certificado, row.senhacertificado, row.certificadocnpj]).toEqual([null, null, null]);
  });

  it("stores a good certificate with its CNPJ and validity; answers its name and size, never its bytes or password", async () => {
    const notAfter = new Date(Date.now() + 300 * day);
    notAfter.setMilliseconds(0);
    const cert = certificate({ notAfter });
    const saved = dataOf(await save({ ...dados, senhaemail: '', senhacertificado: SENHA_CERT }, { files: { certificado: cert } })).salvarDadosNFe;
    expect(saved).toMatchObject({
      certificadocnpj: CNPJ_REVENDA_SUL, senhacertificado: null, senhacertificadoGravada: true,
      certificado: { nome: 'empresa.pfx', tamanho: cert.bytes.length, url: null },
    });
    expect(new Date(String(saved.certificadovalidade)).getTime()).toBe(notAfter.getTime());
    const row = await stored();
    expect(Buffer.compare(row.certificado as Buffer, Buffer.from(cert.bytes))).toBe(0);
    expect(String(row.senhacertificado)).not.toContain(SENHA_CERT);
    const got = await get();
    expect(got).toEqual(saved);
    const dump = JSON.stringify(await t.exec("SELECT * FROM auditoria WHERE entidade = 'dadosNfe'")) + t.logs.join('\n');
    expect(dump).not.toContain(SENHA_CERT);
    expect(dump).not.toContain(Buffer.from(cert.bytes).toString('base64').slice(0, 40));
    // a new password alone is checked against the stored certificate
    const wrong = await save({ ...dados, senhaemail: '', senhacertificado: 'errada' });
    expect(errorOf(wrong).message).toBe('Senha do certificado inválida.');
    // the Empresa Emissora must stay the certificate's company
    const other = await save({ ...dados, senhaemail: '', codpessoaemissao: 3 });
    expect(errorOf(other).message).toBe(MSG.nfeCertificadoCnpj.replace('{certificado}', '11.222.333/0001-81').replace('{emissora}', '45.723.174/0001-10'));
    // saved without files or passwords: all kept
    await save({ ...dados, senhaemail: '', descservico: 'Conciliação' });
    expect((await stored()).senhacertificado).toBe(row.senhacertificado);
    expect((await get())?.certificado).toEqual(saved.certificado);
  });

  it('takes a small image as logo and answers a preview; refuses one too big or not an image', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5_000_001 - PNG.length)]);
    const tooBig = await save({ ...dados, senhaemail: '' }, { files: { logo: { name: 'logo.png', bytes: big, type: 'image/png' } } });
    expect(errorOf(tooBig)).toEqual({ message: MSG.uploadInvalido, code: 'BAD_USER_INPUT' });
    expect(issueOf(tooBig)?.path).toBe('logo');
    const notImage = await save({ ...dados, senhaemail: '' }, { files: { logo: { name: 'logo.png', bytes: Buffer.from('não sou uma imagem'), type: 'image/png' } } });
    expect(errorOf(notImage).message).toBe(MSG.uploadInvalido);
    const pdf = await save({ ...dados, senhaemail: '' }, { files: { logo: { name: 'logo.pdf', bytes: Buffer.from('%PDF-1.4'), type: 'application/pdf' } } });
    expect(errorOf(pdf).message).toBe(MSG.uploadInvalido);
    expect((await stored()).logo).toBeNull();
    const saved = dataOf(await save({ ...dados, senhaemail: '' }, { files: { logo: { name: 'logo.png', bytes: PNG, type: 'image/png' } } })).salvarDadosNFe;
    expect(saved.logo).toEqual({ nome: 'logo.png', tamanho: PNG.length, tipo: 'image/png', url: `data:image/png;base64,${PNG.toString('base64')}` });
    expect((await stored()).logotipo).toBe('image/png');
  });

  it("another reseller can neither read nor write the company's data, nor be named by it", async () => {
    expect(await get(REVENDA_SUL, stranger)).toBeNull();
    expect(dataOf(await t.call(listDocument(dadosNfeRegister), { values: {} }, { cookie: stranger })).getAllDadosNFe).toEqual([]);
    const before = await stored();
    const write = await save({ ...dados, senhaemail: 'invasor', email: 'x@norte.com.br' }, { cookie: stranger });
    expect(errorOf(write).code).toBe('FORBIDDEN');
    const insert = await save({ ...dados, senhaemail: 'invasor' }, { cookie: stranger, insert: true });
    expect(errorOf(insert).code).toBe('FORBIDDEN');
    expect(await stored()).toEqual(before);
    // nor can Revenda Sul reach NORTE's company, as the row's company or as its Empresa Emissora
    expect(errorOf(await save({ ...dados, codpessoa: norte, codpessoaemissao: norte }, { insert: true })).code).toBe('FORBIDDEN');
    const emissora = await save({ ...dados, senhaemail: '', codpessoaemissao: norte });
    expect(errorOf(emissora).message).toBe(MSG.semPermissao);
    expect(issueOf(emissora)?.path).toBe('codpessoaemissao');
  });

  it('refuses a second row for the same company', async () => {
    const r = await save(dados, { insert: true });
    expect(errorOf(r).message).toBe(MSG.nfeEmpresaJaCadastrada);
  });
});
