import { MSG, type OptionItem, OPTION_ALL } from '@concilia/domain';
import { FILE_TYPES } from '@concilia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

/** The file screens' option lists as the web client sends them. */
const Q = {
  listarItensStatusArquivo: 'query { listarItensStatusArquivo { valor label } }',
  listarItensTipoArquivo: 'query($codOperadora: Int) { listarItensTipoArquivo(codOperadora: $codOperadora) { valor label } }',
  listarItensOrigemArquivoRecebido: 'query { listarItensOrigemArquivoRecebido { valor label } }',
} as const;
type Call = keyof typeof Q;

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

describe.each(engines())('file option lists (%s)', (engine) => {
  let t: TestApp;
  let cookie: string;
  const list = async (call: Call, variables: Record<string, unknown> = {}): Promise<OptionItem[]> =>
    dataOf(await t.call(Q[call], variables, { cookie }))[call];
  const operator = async (nome: string) => Number((await t.exec(`SELECT codoperadora FROM operadoras WHERE nome = '${nome}'`))[0]!.codoperadora);

  beforeAll(async () => {
    t = await createTestApp(engine);
    cookie = await t.login('ADMIN');
  });
  afterAll(() => t?.close());

  it('every call needs a session: without one it answers "Usuário não logado"', async () => {
    for (const call of Object.keys(Q) as Call[]) {
      expect(errorOf(await t.call(Q[call])), call).toEqual({ message: MSG.usuarioNaoLogado, code: 'UNAUTHENTICATED' });
    }
  });

  it('lists the file statuses in lifecycle order, not alphabetically', async () => {
    expect(await list('listarItensStatusArquivo')).toEqual([
      { valor: 'AGUARDANDO', label: 'Aguardando processamento' },
      { valor: 'PROCESSANDO', label: 'Em processamento' },
      { valor: 'PROCESSADO', label: 'Processado' },
      { valor: 'PROCESSADO_AVISOS', label: 'Processado com avisos' },
      { valor: 'ERRO', label: 'Erro' },
    ]);
  });

  it('lists where a file came from, sorted by label', async () => {
    expect(await list('listarItensOrigemArquivoRecebido')).toEqual([
      { valor: 'INTEGRACAO', label: 'Cliente integrador' },
      { valor: 'DEMO', label: 'Demonstração' },
      { valor: 'UPLOAD', label: 'Envio pela tela' },
      { valor: 'IMPORTACAO', label: 'Importação de ticket' },
      { valor: 'MANUAL', label: 'Inclusão manual de ticket' },
      { valor: 'CLI', label: 'Linha de comando' },
      { valor: 'PASTA', label: 'Pasta de entrada (SFTP/VAN)' },
    ]);
  });

  it('lists every file type the engine reads, sorted by label; null and Todos (-999) mean all', async () => {
    const all = FILE_TYPES.map((f) => ({ valor: f.value, label: f.label })).sort((a, b) => collator.compare(a.label, b.label));
    expect(all.length).toBeGreaterThan(10);
    expect(await list('listarItensTipoArquivo')).toEqual(all);
    expect(await list('listarItensTipoArquivo', { codOperadora: null })).toEqual(all);
    expect(await list('listarItensTipoArquivo', { codOperadora: OPTION_ALL })).toEqual(all);
    expect(all).toEqual(expect.arrayContaining([
      { valor: 'EEVC', label: 'Rede EEVC - Vendas crédito' },
      { valor: 'CIELO03', label: 'Cielo 03 - Vendas e previsão de pagamento' },
      { valor: 'CLIENTE_CSV', label: 'Cliente - Vendas (CSV)' },
    ]));
  });

  it("with codOperadora lists only that operator's types", async () => {
    expect(await list('listarItensTipoArquivo', { codOperadora: await operator('Rede') })).toEqual([
      { valor: 'EEFI', label: 'Rede EEFI - Pagamentos' },
      { valor: 'EEVC', label: 'Rede EEVC - Vendas crédito' },
      { valor: 'EEVD', label: 'Rede EEVD - Vendas débito' },
    ]);
    const cielo = await list('listarItensTipoArquivo', { codOperadora: await operator('Cielo') });
    expect(cielo.map((i) => i.valor).sort()).toEqual(FILE_TYPES.filter((f) => f.operator === 'cielo').map((f) => f.value).sort());
    // an operator whose files the engine does not read yet, and a code nobody has: nothing to pick
    expect(await list('listarItensTipoArquivo', { codOperadora: await operator('VR') })).toEqual([]);
    expect(await list('listarItensTipoArquivo', { codOperadora: 987654 })).toEqual([]);
  });
});
