import { DOCUMENTO_UPLOAD, DOCUMENTOS_PENDENTES_MAX, maximo, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';
import { callMultipart } from './tenant-sweep';

/**
 * The registration documents of an establishment (issue 19; spec part 2 §7 uploadDocsEstabelecimento, canUpload,
 * estabelecimentoDownload, baixarArquivoEstabelecimento; §5 uploads): the merchant's own user sends a document of
 * its establishment through the real GraphQL multipart request, lists it and downloads the same bytes; a file is
 * judged by its bytes and size, a type by the catalogue; another client's user learns nothing of it; and an
 * establishment that is not active, or whose operator asks no documents, or whose pending documents reached the
 * limit, takes none.
 */
const UPLOAD = `mutation uploadDocsEstabelecimento($codestabelecimento: Int!, $file: File!, $type: String!, $name: String) {
  uploadDocsEstabelecimento(codestabelecimento: $codestabelecimento, file: $file, type: $type, name: $name) {
    coddocumento codestabelecimento tipo tipoDescricao nome mime tamanho status motivo enviadoem avaliadoem } }`;
const CAN_UPLOAD = 'query($c: Int!) { canUpload(codestabelecimento: $c) }';
const LIST = `query($c: Int!) { estabelecimentoDownload(codestabelecimento: $c) {
  coddocumento codestabelecimento tipo tipoDescricao nome mime tamanho status motivo enviadoem avaliadoem } }`;
const BAIXAR = 'mutation($d: Int!) { baixarArquivoEstabelecimento(coddocumento: $d) }';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]);
/** a PDF's bytes of exactly `size` bytes */
const pdfOfSize = (size: number) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(PDF.subarray(0, 9));
  return bytes;
};

describe.each(engines())('establishment documents (%s)', (engine) => {
  let t: TestApp;
  let cliente: string;
  let cliente2: string;
  /** the bakery's Cielo establishment (unit 'Pão Quente - Centro') */
  let centro: number;
  let centroUnit: number;
  const one = async (q: string) => Number(Object.values((await t.exec(q))[0]!)[0]);
  const upload = (codestabelecimento: number, file: { name: string; bytes: Uint8Array }, type = 'CARTA_AUTORIZACAO', name: string | null = null, cookie = cliente) =>
    callMultipart(t, UPLOAD, { codestabelecimento, type, name }, { file }, cookie);
  const list = async (c: number, cookie = cliente) => dataOf(await t.call(LIST, { c }, { cookie })).estabelecimentoDownload as Record<string, unknown>[];
  const canUpload = async (c: number, cookie = cliente) => dataOf(await t.call(CAN_UPLOAD, { c }, { cookie })).canUpload as boolean;
  const stored = (c: number) => one(`SELECT count(*)::int FROM documentos_estabelecimento WHERE codestabelecimento = ${c}`);
  /** a new establishment of the bakery's Centro unit */
  const establishment = (codoperadora: number, codexterno: string, situacao = 'ATIVO') =>
    one(`INSERT INTO estabelecimentos (codpessoa, codoperadora, codexterno, nome, situacao)
      VALUES (${centroUnit}, ${codoperadora}, '${codexterno}', 'Pão Quente Centro ${codexterno}', '${situacao}') RETURNING codestabelecimento`);

  beforeAll(async () => {
    t = await createTestApp(engine);
    [cliente, cliente2] = [await t.login('CLIENTE'), await t.login('CLIENTE2')];
    centro = await one(`SELECT codestabelecimento FROM estabelecimentos WHERE codexterno = '1023456789'`);
    centroUnit = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`);
  });
  afterAll(() => t?.close());

  it('keeps a valid PDF as awaiting the check, lists it newest first without its bytes, and audits it without them', async () => {
    expect(await canUpload(centro)).toBe(true);
    const sent = dataOf(await upload(centro, { name: 'carta-autorizacao.pdf', bytes: PDF })).uploadDocsEstabelecimento;
    expect(sent).toMatchObject({
      codestabelecimento: centro, tipo: 'CARTA_AUTORIZACAO', tipoDescricao: 'Carta de autorização', nome: 'carta-autorizacao.pdf',
      mime: 'application/pdf', tamanho: PDF.byteLength, status: 'PENDENTE', motivo: null, avaliadoem: null,
    });
    expect(new Date(sent.enviadoem).toISOString()).toBe(sent.enviadoem);
    // a typed name is trimmed; a photo is recognised by its bytes
    const photo = dataOf(await upload(centro, { name: 'rg.png', bytes: PNG }, 'DOCUMENTO_RESPONSAVEL', '  RG do sócio  ')).uploadDocsEstabelecimento;
    expect(photo).toMatchObject({ nome: 'RG do sócio', mime: 'image/png', tipoDescricao: 'Documento do responsável' });

    const rows = await list(centro);
    expect(rows.map((r) => r.coddocumento)).toEqual([photo.coddocumento, sent.coddocumento]);
    expect(rows[1]).toEqual(sent);
    const [row] = await t.exec(`SELECT enviadopor, status, tamanho FROM documentos_estabelecimento WHERE coddocumento = ${sent.coddocumento}`);
    expect(row).toEqual({ enviadopor: await t.userId('CLIENTE'), status: 'PENDENTE', tamanho: PDF.byteLength });

    const [line] = await t.exec(`SELECT codusuario, acao, dados::text AS dados FROM auditoria WHERE entidade = 'documentos_estabelecimento' AND chave = '${sent.coddocumento}'`);
    expect(line).toMatchObject({ codusuario: await t.userId('CLIENTE'), acao: 'ENVIAR' });
    expect(JSON.parse(String(line!.dados))).toEqual({ codestabelecimento: centro, tipo: 'CARTA_AUTORIZACAO', nome: 'carta-autorizacao.pdf', mime: 'application/pdf', tamanho: PDF.byteLength });
  });

  it('downloads the same bytes, with the name and type it was kept with', async () => {
    const [doc] = (await list(centro)).filter((r) => r.mime === 'application/pdf');
    const path = dataOf(await t.call(BAIXAR, { d: doc!.coddocumento }, { cookie: cliente })).baixarArquivoEstabelecimento as string;
    expect(path).toMatch(/^\/download\//);
    const got = await t.app.fetch(`${BASE_URL}${path}`, { method: 'GET', headers: { cookie: cliente } }, { ip: '127.0.0.1' });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toContain('filename="carta-autorizacao.pdf"');
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PDF);
    // a typed name without extension downloads with the one of what the bytes are
    const [photo] = (await list(centro)).filter((r) => r.mime === 'image/png');
    const photoPath = dataOf(await t.call(BAIXAR, { d: photo!.coddocumento }, { cookie: cliente })).baixarArquivoEstabelecimento as string;
    const gotPhoto = await t.app.fetch(`${BASE_URL}${photoPath}`, { method: 'GET', headers: { cookie: cliente } }, { ip: '127.0.0.1' });
    expect(gotPhoto.headers.get('content-disposition')).toContain("filename*=UTF-8''RG%20do%20s%C3%B3cio.png");
    expect(new Uint8Array(await gotPhoto.arrayBuffer())).toEqual(PNG);
  });

  it('refuses a file that is not what its name says, one over 3,000,000 bytes, an empty one and a name too long; takes one of exactly the limit', async () => {
    const before = await stored(centro);
    const refused = async (file: { name: string; bytes: Uint8Array }) => {
      const e = errorOf(await upload(centro, file));
      expect(e).toEqual({ message: MSG.uploadInvalido, code: 'BAD_USER_INPUT' });
    };
    await refused({ name: 'carta.pdf', bytes: new TextEncoder().encode('isto não é um PDF, é um texto qualquer\n') });
    await refused({ name: 'carta.pdf', bytes: PNG }); // a photo named as a PDF
    await refused({ name: 'carta.exe', bytes: PDF }); // a PDF under a name the rule does not take
    await refused({ name: 'vazio.pdf', bytes: new Uint8Array(0) });
    await refused({ name: 'grande.pdf', bytes: pdfOfSize(DOCUMENTO_UPLOAD.maxBytes + 1) });
    const long = errorOf(await upload(centro, { name: 'carta.pdf', bytes: PDF }, 'CARTA_AUTORIZACAO', 'x'.repeat(101)));
    expect(long.message).toBe(maximo(MSG.documentoNome, 100));
    expect(await stored(centro)).toBe(before);
    const limit = dataOf(await upload(centro, { name: 'limite.pdf', bytes: pdfOfSize(DOCUMENTO_UPLOAD.maxBytes) })).uploadDocsEstabelecimento;
    expect(limit.tamanho).toBe(DOCUMENTO_UPLOAD.maxBytes);
  });

  it('refuses a type code not in the catalogue beside its field', async () => {
    const r = await upload(centro, { name: 'carta.pdf', bytes: PDF }, 'RG');
    expect(errorOf(r)).toEqual({ message: MSG.documentoTipoInvalido, code: 'BAD_USER_INPUT' });
    expect(r.body.errors[0].extensions.issues).toEqual([{ path: 'type', message: MSG.documentoTipoInvalido }]);
  });

  it("another client's user cannot send, list nor download the bakery's documents, and is told nothing of them", async () => {
    const [doc] = await list(centro);
    const before = await stored(centro);
    const notFound = { message: MSG.registroNaoEncontrado, code: 'FORBIDDEN' };
    expect(errorOf(await upload(centro, { name: 'intruso.pdf', bytes: PDF }, 'CARTA_AUTORIZACAO', null, cliente2))).toEqual(notFound);
    expect(errorOf(await t.call(LIST, { c: centro }, { cookie: cliente2 }))).toEqual(notFound);
    expect(errorOf(await t.call(BAIXAR, { d: doc!.coddocumento }, { cookie: cliente2 }))).toEqual(notFound);
    expect(await canUpload(centro, cliente2)).toBe(false);
    expect(await stored(centro)).toBe(before);
    // an establishment that does not exist answers the same
    expect(errorOf(await t.call(LIST, { c: 999_999 }, { cookie: cliente }))).toEqual(notFound);
    // and without a session, nothing
    expect(errorOf(await t.call(CAN_UPLOAD, { c: centro })).code).toBe('UNAUTHENTICATED');
  });

  it('takes no document for a cancelled establishment, one whose operator asks none, or one with the pending limit reached', async () => {
    const cancelado = await establishment(4, '7770001', 'CANCELADO');
    expect(await canUpload(cancelado)).toBe(false);
    expect(errorOf(await upload(cancelado, { name: 'carta.pdf', bytes: PDF }))).toEqual({ message: MSG.documentoNaoAceito, code: 'BAD_USER_INPUT' });

    const semDocumentos = await establishment(5, '7770002');
    expect(await canUpload(semDocumentos)).toBe(true);
    await t.exec('UPDATE operadoras SET cadastrodocumentos = false WHERE codoperadora = 5');
    expect(await canUpload(semDocumentos)).toBe(false);
    expect(errorOf(await upload(semDocumentos, { name: 'carta.pdf', bytes: PDF }))).toEqual({ message: MSG.documentoNaoAceito, code: 'BAD_USER_INPUT' });

    const cheio = await establishment(6, '7770003');
    await t.exec(`INSERT INTO documentos_estabelecimento (codestabelecimento, tipo, nome, arquivo, mime, tamanho)
      SELECT ${cheio}, 'OUTROS', 'doc ' || n, '\\x25504446'::bytea, 'application/pdf', 4 FROM generate_series(1, ${DOCUMENTOS_PENDENTES_MAX - 1}) n`);
    expect(await canUpload(cheio)).toBe(true);
    dataOf(await upload(cheio, { name: 'ultima.pdf', bytes: PDF }));
    expect(await canUpload(cheio)).toBe(false);
    expect(errorOf(await upload(cheio, { name: 'mais.pdf', bytes: PDF })).message).toBe(MSG.documentoNaoAceito);
    // a checked document no longer counts against the limit
    await t.exec(`UPDATE documentos_estabelecimento SET status = 'APROVADO', avaliadoem = now() WHERE codestabelecimento = ${cheio} AND nome = 'doc 1'`);
    expect(await canUpload(cheio)).toBe(true);
  });
});
