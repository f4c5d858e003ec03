import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, REPORTS, todayBusiness } from '@concilia/domain';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { spreadsheetText } from './spreadsheet-text';
import { BASE_URL, createTestApp, engines, type TestApp } from './harness';
import {
  argsFor, callMultipart, changedTables, documentOf, fileArgs, loadSchema, type Operation, operationsOf, type Victim, victimFingerprint, victimTraces,
} from './tenant-sweep';

/**
 * The tenant-isolation sweep, generated from schema.graphql: every query and mutation is called
 *   (a) as a user of another client (CLIENTE2) with the ids of the first client (CLIENTE),
 *   (b) as a reseller (REVENDA) with the platform's own ids,
 *   (c) anonymously, with the first client's ids,
 * and must return nothing of the victim (no id of its under its own name, none of its names or codes), change
 * none of its rows (a fingerprint of every row naming one of its persons, files, users, lines… before and after
 * each mutation), and — anonymously — answer 'Usuário não logado' unless the operation is public.
 * Arguments are built from their types and names (tenant-sweep.ts); OPERATIONS classifies every operation and
 * holds the few per-operation variants. An operation missing from it fails the sweep: a new one gets covered.
 */

const SAMPLES = new URL('../../../packages/engine/test/samples/', import.meta.url);
const REDE_SAMPLE = new Uint8Array(fs.readFileSync(new URL('rede/R97470EEVC01.cmp', SAMPLES)));
/** The Rede sample's establishment (PV), registered in the sweep to a unit of a client directly under the platform. */
const REDE_PV = '014797470';
/** The demo's Cielo establishment, registered to the unit 'Pão Quente - Centro' of CLIENTE. */
const EC_CENTRO = '1023456789';

type Upload = { name: string; bytes: Uint8Array };
type Variant = { label?: string; args: Record<string, unknown>; files?: Record<string, Upload> };
/** Files an attacker sends through enviarArquivo, built per victim. */
type Attack = { victimEcFile: Upload; victimOwnFile: Upload };

type OpSpec = {
  /** 'public' operations answer without a session (the sign-in and reset screens, the shell's public reads) */
  access: 'public' | 'user';
  /** argument sets sent instead of the generic ones */
  variants?: (v: Victim, a: Attack) => Variant[];
  /** why this operation may change a row of the victim when a stranger calls it */
  writesVictim?: string;
  /** the call may end or replace the caller's session: sign in again after it */
  session?: true;
  /** answers a count: filtered by the victim's ids ('wide'), a stranger must count 0 */
  count?: true;
  /** the file screens' De/Até is the day a file was received (today, in this test), not the sales' window */
  receipt?: true;
};

const upload = (codpessoa: number | null, file: Upload, label: string): Variant => ({ label, args: { codpessoa }, files: { arquivo: file } });

/**
 * Each victim's establishment and one registration document of it (planted in beforeAll), by the victim's unit: the
 * document calls take these ids, which the generic arguments (a person's id as any Int) would never hit.
 */
const documentos = new Map<number, { codestabelecimento: number; coddocumento: number }>();
const documentoDe = (v: Victim) => documentos.get(v.unidade) ?? { codestabelecimento: v.unidade, coddocumento: v.unidade };
/** Each victim's report schedule (planted in beforeAll), by the top of its branch. */
const agendamentos = new Map<number, number>();
const agendamentoDe = (v: Victim) => agendamentos.get(v.topo) ?? v.topo;
/** Each victim's integration schedule and one delivered day of it (planted in beforeAll), by the top of its branch. */
const agendamentosIntegracao = new Map<number, { agendamento: number; execucao: number }>();
const agendamentoIntegracaoDe = (v: Victim) => agendamentosIntegracao.get(v.topo) ?? { agendamento: v.topo, execucao: v.topo };
const agendamentoIntegracaoKey = (v: Victim) => [{ args: { values: { editValues: { codagendamentointegracao: agendamentoIntegracaoDe(v).agendamento } } } }];
const agendamentoIntegracaoValores = (v: Victim) => ({
  codpessoa: v.topo, tipo: 'TOTVS_PROTHEUS', status: 'A', datainiciogeracao: '2026-05-01', hora: '06:00', protocolo: 'SFTP',
  host: 'atacante.example', porta: 22, login: 'intruso', senha: 'Intruso2026x', diretorioftp: '/',
});
/** Each victim's Integrações rows (planted in beforeAll), by the top of its branch: ids the generic arguments would never hit. */
type IntegracaoIds = { bucket: number; parametro: number; codigo: number; softexpress: number; ajuste: number };
const integracoes = new Map<number, IntegracaoIds>();
const integracaoDe = (v: Victim): IntegracaoIds => integracoes.get(v.topo) ?? { bucket: v.topo, parametro: v.topo, codigo: v.topo, softexpress: v.topo, ajuste: v.topo };
/** A register of Integrações: its get and delete asked for the victim's row; its save updating that row, and inserting under the victim. */
const integracaoOps = (id: string, key: keyof IntegracaoIds, values: (v: Victim) => Record<string, unknown>) => {
  const byKey = (v: Victim) => [{ args: { values: { editValues: { [id]: integracaoDe(v)[key] } } } }];
  return {
    get: { access: 'user', variants: byKey } satisfies OpSpec,
    remove: { access: 'user', variants: byKey } satisfies OpSpec,
    save: {
      access: 'user',
      variants: (v) => [
        { label: 'update', args: { values: { editValues: { ...values(v), [id]: integracaoDe(v)[key] }, insert: false } } },
        { label: 'insert', args: { values: { editValues: values(v), insert: true } } },
      ],
    } satisfies OpSpec,
  };
};
const bucketOps = integracaoOps('codbuckets3amazon', 'bucket', (v) => ({
  codpessoa: v.topo, nome: 'Intruso', bucketname: 'intruso-bucket', pasta: null, keyid: 'AKIAINTRUSO', senha: 'Intruso2026x', regiao: 'sa-east-1', endpoint: null,
}));
const parametroOps = integracaoOps('codparametrototvs', 'parametro', (v) => ({ codpessoa: v.topo, codfilial: 'INTRUSO' }));
const codigoOps = integracaoOps('codcodigooperadoratotvs', 'codigo', (v) => ({ codpessoa: v.topo, codoperadora: v.codoperadora, codclifor: 'INTRUSO' }));
const softexpressOps = integracaoOps('codintegracaosoftexpress', 'softexpress', (v) => ({ codpessoa: v.unidade, codigoloja: 'INTRUSO', cnpj: null, ativo: true }));
/** Each victim's bank check (planted in beforeAll), by the top of its branch: an account, a posting and the pair naming its operator debit. */
type BancoIds = { conta: number; codlinha: number; codlinhabanco: number };
const bancos = new Map<number, BancoIds>();
const bancoDe = (v: Victim): BancoIds => bancos.get(v.topo) ?? { conta: v.topo, codlinha: v.topo, codlinhabanco: v.topo };
const conferenciaValues = (v: Victim) => [
  { label: 'window', args: { values: { de: v.de, ate: v.ate } } },
  { label: 'wide', args: { values: { de: v.de, ate: v.ate, codpessoa: v.unidade, codcontabancaria: bancoDe(v).conta, codoperadora: v.codoperadora } } },
];
/** Each victim's integrator API key (planted in beforeAll), by the top of its branch. */
const chavesApi = new Map<number, number>();
const chaveApiDe = (v: Victim) => chavesApi.get(v.topo) ?? v.topo;
/**
 * A report generator (issue 20), asked for the victim's window, operator and unit as a CSV and as a spreadsheet (the
 * texts the sweep reads; the generic arguments would send no format it knows). Those over the day a file was
 * received ('Recebido de') take today's window, as the file screens do.
 */
const relatorio = (operation: string): OpSpec => {
  const def = REPORTS.find((r) => r.operation === operation)!;
  const victimValue = (v: Victim): Record<string, unknown> => ({ de: v.de, ate: v.ate, codoperadora: v.codoperadora, codpessoa: v.unidade });
  return {
    access: 'user',
    ...(def.filter.de?.label.startsWith('Recebido') ? { receipt: true as const } : {}),
    variants: (v) => ['csv', 'xlsx'].map((formato) => ({
      label: formato, args: { filtro: Object.fromEntries(Object.keys(def.filter).map((k) => [k, victimValue(v)[k]])), formato },
    })),
  };
};
const CARTA_PDF: Upload = { name: 'carta.pdf', bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n') };

/** Every operation of the schema. A new operation must be added here (public or not, and any variant it needs). */
const OPERATIONS: Record<string, OpSpec> = {
  // ── public: sign-in, reset-link and shell reads the login page makes before anyone signs in
  getAppConfig: { access: 'public' },
  getBanner: { access: 'public' },
  getInfoUsuarrioTrocarSenha: { access: 'public' },
  login: { access: 'public', session: true },
  loginIdSession: { access: 'public', session: true },
  logout: { access: 'public', session: true },
  alterarSenha: {
    access: 'public',
    writesVictim: "'Esqueci minha senha' is public by design: it queues a reset e-mail to the user's own address; the caller learns nothing",
  },
  usuarioTrocarSenha: { access: 'public', session: true },
  // the public sign-up writes only what it creates (a new client under the platform, never a victim's row); the
  // code page answers a sign-up by its random code
  finalizarCadastro: { access: 'public' },
  getIdentificadorCodigo: { access: 'public' },
  // ── signed-in reads
  detalharTicket: { access: 'user', variants: (v) => [{ label: 'by id', args: { id: v.ticketId } }, { label: 'by fields', args: { codpessoa: v.unidade, codoperadora: v.codoperadora, tipo: 'A', datavenda: v.de } }] },
  getCliente: { access: 'user' },
  getDadoNFe: { access: 'user' },
  getAllDadosNFe: { access: 'user' },
  getClientes: { access: 'user' },
  getDashBoard: { access: 'user', variants: (v) => ['VENDA', 'PAGAMENTO'].flatMap((registro) => [{ args: { values: { de: v.de, ate: v.ate, registro } } }, { args: { values: { de: v.de, ate: v.ate, registro, empresa: v.topo } } }]) },
  getItensProdutosByOperadora: { access: 'user' },
  getListaUnidadesNaoEncontradas: { access: 'user' },
  getListarTaxasNaoCadastradas: { access: 'user' },
  getListarUsuariosExpirados: { access: 'user' },
  getLoginSenhaAtendimento: { access: 'user' },
  getMenus: { access: 'user' },
  getNoticias: { access: 'user' },
  // the home page's late-file alarms: each victim has an open one (beforeAll), which its markers name
  getArquivosAtrasados: { access: 'user' },
  getPerfil: { access: 'user' },
  getTaxasAntecipacao: { access: 'user' },
  getContaBancaria: { access: 'user' },
  getPlanosConciliadores: { access: 'user' },
  getPlanosConciliadoresTaxas: { access: 'user' },
  getPlanosConciliadoresContrato: { access: 'user' },
  getTerminal: { access: 'user' },
  getTotaisTaxasCobradasAMais: { access: 'user' },
  getUserInfo: { access: 'user' },
  getUsuario: { access: 'user' },
  listarBandeiras: { access: 'user' },
  listarCidades: { access: 'user' },
  listarConciliacaoEmAberto: { access: 'user', receipt: true },
  listarEstados: { access: 'user' },
  listarExtratosOriginais: { access: 'user', receipt: true },
  listarImportacaoTickets: { access: 'user' },
  listarItensConciliadores: { access: 'user' },
  listarItensConciliadoresCodExterno: { access: 'user' },
  listarItensOrigemArquivoRecebido: { access: 'user' },
  listarItensPerfis: { access: 'user' },
  listarItensPessoas: { access: 'user' },
  listarItensClientes: { access: 'user' },
  listarItensProdutos: { access: 'user' },
  listarItensStatusArquivo: { access: 'user' },
  listarItensTerminal: { access: 'user' },
  listarItensTipoArquivo: { access: 'user' },
  listarItensUnidadesConciliadoras: { access: 'user' },
  listarManutencaoArquivos: { access: 'user', receipt: true },
  listarOperadoras: { access: 'user' },
  listarParametros: { access: 'user' },
  listarPerfil: { access: 'user' },
  listarRecursos: { access: 'user' },
  listarTaxasAntecipacao: { access: 'user' },
  listarContasBancarias: { access: 'user' },
  listarPlanosConciliadores: { access: 'user' },
  listarPlanosConciliadoresTaxas: { access: 'user' },
  listarItensPlanosConciliadores: { access: 'user' },
  listarPlanosConciliadoresContrato: { access: 'user' },
  getItensUnidadesPlanosConciliadores: { access: 'user' },
  listarTerminal: { access: 'user' },
  listarTickets: { access: 'user' },
  listarAuditoriaTaxas: { access: 'user' },
  listarTaxasNaoCadastradas: { access: 'user' },
  listarTaxasNaoCadastradasTotal: { access: 'user', count: true },
  listarUnidadesNaoEncontradas: { access: 'user' },
  listarUnidadesNaoEncontradasTotal: { access: 'user', count: true },
  // the late-file cadence: the product's, one per operator (no tenant's row); only the platform changes it
  listarCadenciaArquivos: { access: 'user' },
  listarCadenciaArquivosTotal: { access: 'user', count: true },
  salvarCadenciaArquivos: { access: 'user' },
  listarAuditoriaTaxasTotal: { access: 'user', count: true },
  // Conferência Bancária (issue 21): the victims' bank check rows, by their window, unit and account, and their trace
  listarConferenciaBancaria: { access: 'user', variants: conferenciaValues },
  listarConferenciaBancariaTotal: { access: 'user', count: true, variants: conferenciaValues },
  resultadosConferenciaBancaria: { access: 'user', variants: conferenciaValues },
  listarItensContasConferencia: { access: 'user' },
  getRastreioConferenciaBancaria: {
    access: 'user', variants: (v) => [{ label: 'settlement', args: { codlinha: bancoDe(v).codlinha } }, { label: 'posting', args: { codlinhabanco: bancoDe(v).codlinhabanco } }],
  },
  resultadosAuditoriaTaxas: { access: 'user' },
  exportarAuditoriaTaxas: { access: 'user' },
  listarUsuario: { access: 'user' },
  pesquisarImportacaoTickets: { access: 'user' },
  pesquisarTickets: { access: 'user', variants: (v) => ['A', 'C'].map((tipo) => ({ args: { values: { datavenda: v.de, datavendaate: v.ate, tipo, codpessoa: v.unidade } } })) },
  resultadosConciliacaoEmAberto: { access: 'user' },
  resultadosExtratosOriginais: { access: 'user' },
  resultadosManutencaoArquivos: { access: 'user' },
  resultadosTickets: { access: 'user' },
  resumoTickets: { access: 'user' },
  // counts of the paged lists: numbers, so the sweep checks that a filter naming the victim's ids counts nothing
  listarConciliacaoEmAbertoTotal: { access: 'user', count: true, receipt: true },
  listarExtratosOriginaisTotal: { access: 'user', count: true, receipt: true },
  listarImportacaoTicketsTotal: { access: 'user', count: true },
  listarManutencaoArquivosTotal: { access: 'user', count: true, receipt: true },
  listarTicketsTotal: { access: 'user', count: true },
  // ── signed-in writes and downloads
  baixarAnaliseTicket: { access: 'user' },
  baixarConciliacaoEmAberto: { access: 'user' },
  baixarExtratosOriginais: { access: 'user' },
  baixarManutencaoArquivos: { access: 'user' },
  deletarClientes: { access: 'user' },
  aprovarCadastro: { access: 'user' },
  deletarManutencaoArquivos: { access: 'user' },
  deletarPerfil: { access: 'user' },
  deletarTerminal: { access: 'user' },
  deletarTicket: { access: 'user', variants: (v) => ['A', 'C'].map((tipo) => ({ args: { codarquivo: v.arquivos[0], tipo } })) },
  deletarUsuario: { access: 'user' },
  deleteTaxasAntecipacao: { access: 'user' },
  excluirContaBancaria: { access: 'user' },
  deletePlanosConciliadores: { access: 'user' },
  deletePlanosConciliadoresTaxas: { access: 'user' },
  deletePlanosConciliadoresContrato: { access: 'user' },
  desconsiderarTicket: { access: 'user' },
  enviarArquivo: {
    access: 'user',
    variants: (v, a) => [
      upload(v.unidade, a.victimEcFile, "for the victim's unit"),
      upload(null, a.victimEcFile, "no unit chosen, the file names the victim's establishment"),
      upload(null, a.victimOwnFile, "the victim's own file, byte for byte"),
    ],
  },
  gerarLinkAcesso: { access: 'user' },
  importarTicket: { access: 'user', variants: (v) => [{ args: { values: { editValues: { id: v.importavelId } } } }] },
  importarTodosTickets: { access: 'user' },
  incluirTicket: { access: 'user' },
  reconsiderarDesconsiderarTicket: {
    access: 'user',
    variants: (v) => ['desconsiderar', 'reconsiderar'].map((acao) => ({ args: { acao, codlinhasarqcli: v.linhasCliente[0] ?? v.unidade, tipo: 'C' } })),
  },
  reconsiderarTicket: { access: 'user' },
  redefinirSenha: { access: 'user', session: true },
  reprocessarManutencaoArquivos: { access: 'user' },
  reprocessarTicket: { access: 'user', variants: (v) => ['A', 'C'].map((tipo) => ({ args: { codarquivo: v.arquivos[0], tipo } })) },
  salvarParametros: { access: 'user' },
  salvarDadosNFe: { access: 'user' },
  saveClientes: { access: 'user' },
  savePerfil: { access: 'user' },
  saveTaxasAntecipacao: { access: 'user' },
  salvarContaBancaria: { access: 'user' },
  savePlanosConciliadores: { access: 'user' },
  savePlanosConciliadoresTaxas: { access: 'user' },
  savePlanosConciliadoresContrato: { access: 'user' },
  inserirRapido: { access: 'user' },
  salvarPlanosPOS: { access: 'user' },
  salvarPlanosPosTaxas: { access: 'user' },
  salvarPlanosTerminal: { access: 'user' },
  deletePlanosPOS: { access: 'user' },
  deletePlanosPosTaxas: { access: 'user' },
  deletePlanosTerminal: { access: 'user' },
  listarPlanosPOS: { access: 'user' },
  listarPlanosPOSTaxas: { access: 'user' },
  listarPlanosTerminal: { access: 'user' },
  getPlanosPOS: { access: 'user' },
  getPlanosPOSTaxas: { access: 'user' },
  getPlanosTerminal: { access: 'user' },
  listarItensPlanos: { access: 'user' },
  listarItensTerminalVinculo: { access: 'user' },
  getItensProdutosByOperadoraPos: { access: 'user' },
  getUsuariosMestres: { access: 'user' },
  getUsuariosMestresTotal: { access: 'user', count: true },
  getUsuariosMestresOperadora: { access: 'user' },
  getUsuariosMestresOperadoraTotal: { access: 'user', count: true },
  getUsuariosMestresRevenda: { access: 'user' },
  getUsuariosMestresRevendaTotal: { access: 'user', count: true },
  logarUsuarioMestre: { access: 'user', session: true },
  logarUsuarioMestreRevenda: { access: 'user', session: true },
  voltarUsuarioMestre: { access: 'user', session: true },
  trocarSenha: { access: 'user' },
  getTefs: { access: 'user' },
  listarAllTefsDAO: { access: 'user' },
  salvarTefs: { access: 'user' },
  salvarMestreRevenda: { access: 'user' },
  getPlanoReais: { access: 'user' },
  // an establishment's registration documents (issue 19): whoever sees the establishment sends, lists and fetches them
  uploadDocsEstabelecimento: {
    access: 'user',
    variants: (v) => [{ label: "the victim's establishment", args: { codestabelecimento: documentoDe(v).codestabelecimento, type: 'CARTA_AUTORIZACAO', name: null }, files: { file: CARTA_PDF } }],
  },
  canUpload: { access: 'user', variants: (v) => [{ args: { codestabelecimento: documentoDe(v).codestabelecimento } }] },
  estabelecimentoDownload: { access: 'user', variants: (v) => [{ args: { codestabelecimento: documentoDe(v).codestabelecimento } }] },
  baixarArquivoEstabelecimento: { access: 'user', variants: (v) => [{ args: { coddocumento: documentoDe(v).coddocumento } }] },
  // establishments (issue 19): a unit's operator codes, seen and kept from the unit up
  listarEstabelecimentos: { access: 'user' },
  getEstabelecimento: { access: 'user' },
  editarEstabelecimento: { access: 'user' },
  deleteEstabelecimentoOperadora: { access: 'user' },
  // Integrações (issue 20): the victims' buckets, TOTVS parameters and codes, SoftExpress registrations and adjustments, by their ids
  listarBucketS3Amazon: { access: 'user' },
  getBucketS3Amazon: bucketOps.get,
  salvarBucketS3Amazon: bucketOps.save,
  excluirBucketS3Amazon: bucketOps.remove,
  listarParametrosTOTVS: { access: 'user' },
  getParametroTOTVS: parametroOps.get,
  salvarParametrosTOTVS: parametroOps.save,
  listarCodigoOperadoraTOTVS: { access: 'user' },
  getCodigoOperadoraTOTVS: codigoOps.get,
  salvarCodigoOperadoraTOTVS: codigoOps.save,
  excluirCodigoOperadoraTOTVS: codigoOps.remove,
  listarIntegracaoSoftExpressCadastro: { access: 'user' },
  getIntegracaoSoftExpressCadastro: softexpressOps.get,
  salvarIntegracaoSoftExpressCadastro: softexpressOps.save,
  excluirIntegracaoSoftExpressCadastro: softexpressOps.remove,
  listarIntegracaoAjuste: { access: 'user' },
  listarIntegracaoAjusteTotal: { access: 'user', count: true },
  getIntegracaoAjuste: { access: 'user', variants: (v) => [{ args: { values: { editValues: { codlinha: integracaoDe(v).ajuste } } } }] },
  // integration schedules (issue 20): the victims' own schedules and a delivered day of each, by their ids
  getAgendamentosIntegracao: { access: 'user' },
  getAgendamentoIntegracao: { access: 'user', variants: agendamentoIntegracaoKey },
  salvarIntegracaoAgendamento: {
    access: 'user',
    variants: (v) => [
      { label: 'update', args: { values: { editValues: { ...agendamentoIntegracaoValores(v), codagendamentointegracao: agendamentoIntegracaoDe(v).agendamento }, insert: false } } },
      { label: 'insert', args: { values: { editValues: agendamentoIntegracaoValores(v), insert: true } } },
    ],
  },
  excluirIntegracaoAgendamento: { access: 'user', variants: agendamentoIntegracaoKey },
  executarIntegracaoAgendamento: { access: 'user', variants: agendamentoIntegracaoKey },
  getExecucoesIntegracao: { access: 'user', variants: (v) => [{ args: { codagendamentointegracao: agendamentoIntegracaoDe(v).agendamento } }] },
  reenviarExecucaoIntegracao: { access: 'user', variants: (v) => [{ args: { codexecucao: agendamentoIntegracaoDe(v).execucao } }] },
  listarItensBucketsS3: { access: 'user', variants: (v) => [{ args: {} }, { args: { codpessoa: v.topo } }] },
  // report schedules (issue 20): the victims' own schedules, read, changed and removed by their ids
  getAgendamentosRelatorios: { access: 'user' },
  getAgendamentoRelatorio: { access: 'user', variants: (v) => [{ args: { codagendamento: agendamentoDe(v) } }] },
  salvarRelatorioAgendamento: {
    access: 'user',
    variants: (v) => [{
      args: { values: { codagendamento: agendamentoDe(v), relatorio: 'vendas-operadora', parametros: '{"de":"2026-05-01","ate":"2026-05-31"}', formato: 'csv', frequencia: 'D', hora: '08:00', emails: ['intruso@atacante.example'] } },
    }],
  },
  excluirRelatorioAgendamento: { access: 'user', variants: (v) => [{ args: { codagendamento: agendamentoDe(v) } }] },
  // reports (issue 20): every generator, with the victim's window, operator and unit in its filter
  gerarRelatorioArquivosRejeitados: relatorio('gerarRelatorioArquivosRejeitados'),
  gerarRelatorioArquivosRecebidos: relatorio('gerarRelatorioArquivosRecebidos'),
  gerarRelatorioArquivosResumoDiario: relatorio('gerarRelatorioArquivosResumoDiario'),
  gerarRelatorioConciliacaoResumo: relatorio('gerarRelatorioConciliacaoResumo'),
  gerarRelatorioConciliacaoDivergencias: relatorio('gerarRelatorioConciliacaoDivergencias'),
  gerarRelatorioConciliacaoSomenteOperadora: relatorio('gerarRelatorioConciliacaoSomenteOperadora'),
  gerarRelatorioConciliacaoSomenteCliente: relatorio('gerarRelatorioConciliacaoSomenteCliente'),
  gerarRelatorioExtratosConferencia: relatorio('gerarRelatorioExtratosConferencia'),
  gerarRelatorioExtratosMovimentoDiario: relatorio('gerarRelatorioExtratosMovimentoDiario'),
  gerarRelatorioMarketplaceVendas: relatorio('gerarRelatorioMarketplaceVendas'),
  gerarRelatorioMarketplaceVendedores: relatorio('gerarRelatorioMarketplaceVendedores'),
  gerarRelatorioRecebimentosAgenda: relatorio('gerarRelatorioRecebimentosAgenda'),
  gerarRelatorioRecebimentosRealizados: relatorio('gerarRelatorioRecebimentosRealizados'),
  gerarRelatorioRecebimentosAtrasados: relatorio('gerarRelatorioRecebimentosAtrasados'),
  gerarRelatorioRecebimentosValorDiferente: relatorio('gerarRelatorioRecebimentosValorDiferente'),
  gerarRelatorioRecebimentosAntecipados: relatorio('gerarRelatorioRecebimentosAntecipados'),
  gerarRelatorioRecebimentosAjustes: relatorio('gerarRelatorioRecebimentosAjustes'),
  gerarRelatorioTaxasAuditoria: relatorio('gerarRelatorioTaxasAuditoria'),
  gerarRelatorioTaxasARecuperar: relatorio('gerarRelatorioTaxasARecuperar'),
  gerarRelatorioTaxasAntecipacao: relatorio('gerarRelatorioTaxasAntecipacao'),
  gerarRelatorioTerminaisVendas: relatorio('gerarRelatorioTerminaisVendas'),
  gerarRelatorioTerminaisCadastrados: relatorio('gerarRelatorioTerminaisCadastrados'),
  gerarRelatorioVendasOperadora: relatorio('gerarRelatorioVendasOperadora'),
  gerarRelatorioVendasCliente: relatorio('gerarRelatorioVendasCliente'),
  gerarRelatorioVendasResumoDiario: relatorio('gerarRelatorioVendasResumoDiario'),
  gerarRelatorioVendasBandeiraProduto: relatorio('gerarRelatorioVendasBandeiraProduto'),
  gerarRelatorioVendasCanceladas: relatorio('gerarRelatorioVendasCanceladas'),
  gerarRelatorioVendasParcelamento: relatorio('gerarRelatorioVendasParcelamento'),
  gerarRelatorioVendasMensalUnidade: relatorio('gerarRelatorioVendasMensalUnidade'),
  gerarRelatorioVendasPorHora: relatorio('gerarRelatorioVendasPorHora'),
  gerarRelatorioConciliacaoIndiceDiario: relatorio('gerarRelatorioConciliacaoIndiceDiario'),
  gerarRelatorioRecebimentosAgendaMensal: relatorio('gerarRelatorioRecebimentosAgendaMensal'),
  gerarRelatorioRecebimentosAtrasoFaixas: relatorio('gerarRelatorioRecebimentosAtrasoFaixas'),
  gerarRelatorioRecebimentosPrevistoRealizado: relatorio('gerarRelatorioRecebimentosPrevistoRealizado'),
  gerarRelatorioRecebimentosDomicilioBancario: relatorio('gerarRelatorioRecebimentosDomicilioBancario'),
  gerarRelatorioTaxasEfetivas: relatorio('gerarRelatorioTaxasEfetivas'),
  gerarRelatorioTaxasCustoMensal: relatorio('gerarRelatorioTaxasCustoMensal'),
  gerarRelatorioTerminaisSemVendas: relatorio('gerarRelatorioTerminaisSemVendas'),
  gerarRelatorioArquivosAlarmes: relatorio('gerarRelatorioArquivosAlarmes'),
  gerarRelatorioArquivosUltimoRecebimento: relatorio('gerarRelatorioArquivosUltimoRecebimento'),
  gerarRelatorioArquivosIntegracoes: relatorio('gerarRelatorioArquivosIntegracoes'),
  gerarRelatorioExtratosResumosLote: relatorio('gerarRelatorioExtratosResumosLote'),
  // contract position (issue 19): the monitor reads the codes below the caller; its detail is asked of the victims' codes
  getPosicaoContratosPorClientes: { access: 'user' },
  getInformacoesPosicaoContrato: {
    access: 'user',
    variants: () => [{ label: 'EC', args: { codExterno: EC_CENTRO, operadora: 1 } }, { label: 'PV', args: { codExterno: REDE_PV, operadora: 2 } }],
  },
  validarPendenciaCadastroOperadora: {
    access: 'user',
    variants: (v) => ['S', 'N'].map((aprovado) => ({ label: aprovado, args: { values: { codestabelecimento: documentoDe(v).codestabelecimento, aprovado, motivo: 'x' } } })),
  },
  aprovarUrl: { access: 'user', variants: (v) => [{ args: { values: { editValues: { codestabelecimento: documentoDe(v).codestabelecimento } } } }] },
  getPainelCadastro: { access: 'user', variants: (v) => [{ args: { codpessoa: v.topo } }, { args: { codpessoa: v.unidade } }] },
  savePainelCadastroTaxa: {
    access: 'user',
    variants: (v) => [1, 2].map((codoperadora) => ({ label: String(codoperadora), args: { codpessoa: v.topo, codoperadora, taxas: { debito: 1.1, credito: 2.2 } } })),
  },
  // billing (issue 18): the biller's screens; a movement is a client's strictly below the caller
  listarMovimentosAbertos: { access: 'user' },
  listarMovimentosAbertosTotal: { access: 'user', count: true },
  fecharMovimento: { access: 'user' },
  listarMovimentosFechados: { access: 'user' },
  listarMovimentosFechadosTotal: { access: 'user', count: true },
  gerarRelatorioMovimentosFechados: { access: 'user' },
  listarFaturamentoMovimento: { access: 'user' },
  listarFaturamentoMovimentoTotal: { access: 'user', count: true },
  getInfoNota: { access: 'user' },
  previsualizarNota: { access: 'user' },
  faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota: { access: 'user' },
  // the closing forecast: the victim's window on every weekday, as the PDF and as the spreadsheet (whose cells the sweep reads)
  getRelatorioFechaMovimentoPrevisao: {
    access: 'user',
    variants: (v) => ['pdf', 'xlsx'].map((formato) => ({ label: formato, args: { filtro: { datavendade: v.de, datavendaate: v.ate }, dias: [1, 2, 3, 4, 5, 6, 7], formato } })),
  },
  // the Painel: a link's token is its credential (public); issuing and ending links need the session
  getAutenticacaoPainel: { access: 'public' },
  getUrlPainel: { access: 'user' },
  encerrarUrlsPainel: { access: 'user' },
  getItensUnidadesPlanos: { access: 'user' },
  getPrepareCadastroTaxa: { access: 'user' },
  resultadoAddTaxas: { access: 'user' },
  resultadoAddTaxasBndes: { access: 'user' },
  resultadoAtualizaTaxas: { access: 'user' },
  resultadoSubTaxas: { access: 'user' },
  resultadoAddTaxasPos: { access: 'user' },
  resultadoSubTaxasPos: { access: 'user' },
  saveTerminal: { access: 'user' },
  saveUsuario: { access: 'user' },
  urlVersaoAntiga: { access: 'user' },
  // the integrator API's keys (issue 20): listed, created and revoked only within the caller's subtree
  listarChavesApiIntegrador: { access: 'user', variants: (v) => [{ args: {} }, { args: { codpessoa: v.topo } }, { args: { codpessoa: v.unidade } }] },
  criarChaveApiIntegrador: { access: 'user', variants: (v) => [{ args: { codpessoa: v.topo, nome: 'Chave do intruso' } }, { args: { codpessoa: v.unidade, nome: 'Chave do intruso' } }] },
  revogarChaveApiIntegrador: { access: 'user', variants: (v) => [{ args: { codchave: chaveApiDe(v) } }] },
};

const isInsertInput = (op: Operation) => op.field.args.some((a) => /SaveValues$/.test(String(a.type).replace(/!$/, '')));

/** The argument sets an operation is called with: its variants, else the generic ones (both modes; both insert flags for a save). */
function variantsOf(op: Operation, spec: OpSpec, victim: Victim, a: Attack): Variant[] {
  const today = todayBusiness();
  const v = spec.receipt ? { ...victim, de: addDays(today, -7), ate: today } : victim;
  if (spec.variants) return spec.variants(v, a);
  const full = argsFor(op, v, 'full');
  const out: Variant[] = [{ label: 'full', args: full }];
  if (op.kind === 'query') out.push({ label: 'wide', args: argsFor(op, v, 'wide') }, { label: 'bare', args: argsFor(op, v, 'bare') });
  if (isInsertInput(op)) {
    const values = full.values as { insert: boolean };
    out.push({ label: 'insert', args: { ...full, values: { ...values, insert: true } } });
  }
  const seen = new Set<string>();
  return out.filter((x) => !seen.has(JSON.stringify(x.args)) && !!seen.add(JSON.stringify(x.args)));
}

const q = async (t: TestApp, text: string) => t.exec(text);
const nums = (rows: Record<string, unknown>[], col: string) => rows.map((r) => Number(r[col]));
const one = async (t: TestApp, text: string) => Number(Object.values((await q(t, text))[0]!)[0]);

describe.each(engines())('tenant-isolation sweep on %s', (engine) => {
  let t: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-sweep-'));
  const schemaOps = operationsOf(loadSchema());
  let cliente: Victim;
  let plataforma: Victim;
  let attackOnCliente: Attack;
  let attackOnPlataforma: Attack;
  let requests = 0;
  /** files the attackers sent themselves */
  const ownFiles = new Set<number>();
  let started = 0;

  const send = async (cookie: string | undefined, bytes: Uint8Array, name: string, codpessoa: number | null) => {
    const op = schemaOps.find((o) => o.name === 'enviarArquivo')!;
    const r = await callMultipart(t, documentOf(op), { codpessoa }, { arquivo: { name, bytes } }, cookie);
    if (r.body?.errors) throw new Error(`upload of ${name} failed: ${JSON.stringify(r.body.errors)}`);
    await t.app.services.ingestion.drain();
    return Number(r.body.data.enviarArquivo.codarquivo);
  };
  const scenarioFile = async (layout: 'cielo-v15' | 'cliente-csv', seed: number, sub: string): Promise<Upload> => {
    const [f] = await writeScenarioFiles({
      dir: path.join(dir, sub), layouts: [layout], fileDate: '2026-05-12',
      scenario: { sales: 12, seed, merchants: [EC_CENTRO], startDate: '2026-05-04', days: 5 },
    });
    return { name: path.basename(f!.path), bytes: new Uint8Array(fs.readFileSync(f!.path)) };
  };

  beforeAll(async () => {
    started = Date.now();
    // LEGACY_URL set, so urlVersaoAntiga reaches its session check instead of answering that the hand-off is off
    // no late-file check: its job would close the alarms planted below as soon as it saw the victims' files
    t = await createTestApp(engine, { INGEST_WORKERS: '1', LEGACY_URL: 'http://legado.invalid', LATE_FILE_CHECK_MINUTES: '0' });
    const [clienteCookie, adminCookie] = [await t.login('CLIENTE'), await t.login('ADMIN')];
    const padaria = await one(t, `SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'`);
    const centro = await one(t, `SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`);
    const plat = await one(t, `SELECT codpessoa FROM pessoas WHERE tipo = 'PLATAFORMA'`);

    // CLIENTE's data: an operator statement and its own sales file for the Centro unit (with differences, so it
    // has tickets on both sides and operator-only sales), a colleague, a profile and an anticipation rate of its own.
    const cielo = await scenarioFile('cielo-v15', 3, 'cielo');
    const csv = await scenarioFile('cliente-csv', 4, 'csv'); // another seed: sales on both sides left unpaired, so both files stay open
    await send(clienteCookie, cielo.bytes, `PADARIA-SECRETA-${cielo.name}`, centro);
    await send(clienteCookie, csv.bytes, `PADARIA-SECRETA-${csv.name}`, centro);
    await q(t, `INSERT INTO usuarios (login, nome, senhahash, codperfil, codpessoa, email)
      SELECT 'FUNCIONARIA', 'Funcionária Secreta da Padaria', senhahash, codperfil, codpessoa, 'funcionaria@padaria.example' FROM usuarios WHERE login = 'CLIENTE'`);
    await q(t, `INSERT INTO perfis (nome, codpessoacriador) VALUES ('Perfil Secreto da Padaria', ${padaria}), ('Perfil Secreto da Plataforma', ${plat})`);
    await q(t, `INSERT INTO taxas_antecipacao (codpessoa, nome, vigenciade, vigenciaate, taxa) VALUES (${padaria}, 'Taxa Secreta da Padaria', '2026-01-01', '2026-12-31', 1.1)`);
    // a plan of each victim's own (Planos & Taxas), with a rate: both sublists' rows hang from it
    const planoSecreto = async (dono: number, nome: string) => {
      const plano = await one(t, `INSERT INTO planos_conciliadores (nome, codpessoapai) VALUES ('${nome}', ${dono}) RETURNING codplanosconciliadores`);
      const taxa = await one(t, `INSERT INTO planos_conciliadores_taxas (codplanosconciliadores, codoperadora, codprodutos, de, ate, tipotaxa, taxa)
        VALUES (${plano}, 1, 1, 1, 1, 'P', 1.2345) RETURNING codplanosconciliadorestaxas`);
      const contrato = await one(t, `INSERT INTO planos_conciliadores_contrato (codplanosconciliadores, vigenciade, vigenciaate)
        VALUES (${plano}, '2030-01-01', '2030-12-31') RETURNING codplanosconciliadorescontrato`);
      await q(t, `INSERT INTO planos_conciliadores_contrato_unidades (codplanosconciliadorescontrato, codoperadora, codpessoa)
        SELECT ${contrato}, 1, codpessoa FROM pessoas WHERE codpessoapai = ${dono} OR codpessoa = ${dono} ORDER BY codpessoa DESC LIMIT 1`);
      // and a POS plan with a product's rates and a terminal contract (on its first terminal, when it has one)
      const pos = await one(t, `INSERT INTO planos_pos (nome, codpessoapai, cobramensalidade, valormensalidade, diacorte)
        VALUES ('${nome} POS', ${dono}, 'S', 9990, 10) RETURNING codplano`);
      const posTaxa = await one(t, `INSERT INTO planos_pos_taxas (codplano, codprodutos) VALUES (${pos}, 1) RETURNING codplanostaxas`);
      await q(t, `INSERT INTO planos_pos_taxas_faixas (codplanostaxas, de, ate, taxa) VALUES (${posTaxa}, 1, 1, 2.2222)`);
      const posContrato = await one(t, `INSERT INTO planos_terminal (codplanos, vigenciade, vigenciaate) VALUES (${pos}, '2030-01-01', '2030-12-31') RETURNING codplanosterminal`);
      await q(t, `INSERT INTO planos_terminal_terminais (codplanosterminal, codterminal)
        SELECT ${posContrato}, codterminal FROM terminais WHERE codpessoacliente = ${dono} ORDER BY codterminal LIMIT 1`);
      return { planos: [plano], planoTaxas: [taxa], planoContratos: [contrato], planosPos: [pos], planoPosTaxas: [posTaxa], planoTerminais: [posContrato] };
    };
    const planosPadaria = await planoSecreto(padaria, 'Plano Secreto da Padaria');
    const planosPlataforma = await planoSecreto(plat, 'Plano Secreto da Plataforma');
    // an attacker inside the other client holding every screen (the platform administrator's profile), so the
    // register operations reach their row scoping instead of stopping at the screen check as CLIENTE2 does
    await q(t, `INSERT INTO usuarios (login, nome, senhahash, codperfil, codpessoa, email)
      SELECT 'INTRUSO', 'Ivo Intruso', senhahash, (SELECT codperfil FROM perfis WHERE nome = 'Administrador Plataforma'), codpessoa, 'intruso@mercado.example'
      FROM usuarios WHERE login = 'CLIENTE2'`);
    // the platform's data: a client of its own (no reseller between) whose unit holds the Rede sample's
    // establishment, the statement of that establishment, the platform's users, rate and a profile. (A statement of
    // an establishment nobody registered is not the platform's alone: any uploader's copy lands at the top too.)
    const direto = await one(t, `INSERT INTO pessoas (tipo, nome, nomeabreviado, codpessoapai) VALUES ('CLIENTE', 'Cliente Direto Secreto', 'Direto Secreto', ${plat}) RETURNING codpessoa`);
    const unidadeDireta = await one(t, `INSERT INTO pessoas (tipo, nome, nomeabreviado, codpessoapai) VALUES ('UNIDADE', 'Unidade Direta Secreta', 'Unidade Direta Secreta', ${direto}) RETURNING codpessoa`);
    await q(t, `INSERT INTO estabelecimentos (codpessoa, codoperadora, codexterno, nome) VALUES (${unidadeDireta}, 2, '${REDE_PV}', 'Estabelecimento Direto Secreto')`);
    await send(adminCookie, REDE_SAMPLE, 'PLATAFORMA-SECRETA-R97470EEVC01.cmp', null);
    // an open late-file alarm on each victim's establishment (getArquivosAtrasados answers its code and unit)
    await q(t, `INSERT INTO alarmes_arquivo (codestabelecimento, data) SELECT codestabelecimento, '2026-05-12' FROM estabelecimentos WHERE codexterno IN ('${EC_CENTRO}', '${REDE_PV}')`);
    // a registration document of each victim's establishment, its name and bytes naming the victim
    await q(t, `INSERT INTO documentos_estabelecimento (codestabelecimento, tipo, nome, arquivo, mime, tamanho)
      SELECT codestabelecimento, 'CARTA_AUTORIZACAO', 'Carta de ' || nome, pdf, 'application/pdf', length(pdf)
      FROM estabelecimentos, convert_to('%PDF-1.4 ' || nome, 'UTF8') AS pdf WHERE codexterno IN ('${EC_CENTRO}', '${REDE_PV}')`);
    // a report schedule of each victim, by its own user
    for (const [login, dono] of [['CLIENTE', padaria], ['ADMIN', plat]] as const) {
      agendamentos.set(dono, await one(t, `INSERT INTO agendamentos_relatorio (codusuario, codpessoa, relatorio, parametros, formato, frequencia, hora, emails)
        SELECT codusuario, ${dono}, 'vendas-operadora', '{"de":"2026-05-01","ate":"2026-05-31"}', 'xlsx', 'D', '07:00', '{agenda-secreta@vitima.example}'
        FROM usuarios WHERE login = '${login}' RETURNING codagendamento`));
    }
    // an integration schedule of each victim's client, by its own user, with a day delivered
    for (const [login, dono] of [['CLIENTE', padaria], ['ADMIN', direto]] as const) {
      const agendamento = await one(t, `INSERT INTO agendamentos_integracao (codpessoa, codusuario, tipo, datainiciogeracao, protocolo, host, login, diretorioftp, ultimadatagerada)
        SELECT ${dono}, codusuario, 'TOTVS_PROTHEUS', '2026-05-01', 'SFTP', 'erp-secreto.example', 'erp', '/entrada', '2026-05-04'
        FROM usuarios WHERE login = '${login}' RETURNING codagendamentointegracao`);
      const execucao = await one(t, `INSERT INTO execucoes_integracao (codagendamentointegracao, datamovimento, status, tentativas, arquivo, linhas, bytes, mensagem, terminadoem)
        VALUES (${agendamento}, '2026-05-04', 'ENTREGUE', 1, 'TOTVS_PROTHEUS_${dono}_20260504.txt', 3, 300, 'Arquivo entregue com 3 linha(s).', now()) RETURNING codexecucao`);
      agendamentosIntegracao.set(dono, { agendamento, execucao });
    }
    // an integrator API key of each victim (its hash only: the sweep never needs the key itself)
    for (const [dono, nome] of [[padaria, 'Chave Secreta da Padaria'], [direto, 'Chave Secreta Direto Secreto']] as const) {
      chavesApi.set(dono, await one(t, `INSERT INTO chaves_api_integrador (codpessoa, nome, prefixo, hash) VALUES (${dono}, '${nome}', 'ck_secreta', md5('${nome}')) RETURNING codchave`));
    }
    for (const d of await q(t, `SELECT e.codpessoa, e.codestabelecimento, d.coddocumento FROM documentos_estabelecimento d
      JOIN estabelecimentos e USING (codestabelecimento) WHERE e.codexterno IN ('${EC_CENTRO}', '${REDE_PV}')`)) {
      documentos.set(Number(d.codpessoa), { codestabelecimento: Number(d.codestabelecimento), coddocumento: Number(d.coddocumento) });
    }

    const pessoas = nums(await q(t, `SELECT codpessoa FROM pessoas WHERE codpessoa = ${padaria} OR codpessoapai = ${padaria}`), 'codpessoa');
    const inList = pessoas.join(',');
    const arquivos = nums(await q(t, `SELECT codarquivo FROM arquivos WHERE codpessoa IN (${inList}) ORDER BY codarquivo`), 'codarquivo');
    const linhasOperadora = nums(await q(t, `SELECT codlinha FROM linhas_operadora WHERE codpessoa IN (${inList}) OR codarquivo IN (${arquivos.join(',')}) ORDER BY codlinha`), 'codlinha');
    const linhasCliente = nums(await q(t, `SELECT codlinhasarqcli FROM linhas_cliente WHERE codpessoa IN (${inList}) OR codarquivo IN (${arquivos.join(',')}) ORDER BY codlinhasarqcli`), 'codlinhasarqcli');
    // Importar Ticket's key of an operator-only sale, as CLIENTE's own screen lists it
    const importaveis = await t.call(`query($v: TicketImportacaoFiltroInput!) { pesquisarImportacaoTickets(values: $v) { id } }`,
      { v: { de: '2026-05-01', ate: '2026-05-31', concioperadora: centro } }, { cookie: clienteCookie });
    const importavelId = importaveis.body?.data?.pesquisarImportacaoTickets?.[0]?.id ?? `A-${linhasOperadora[0]}`;
    cliente = {
      pessoas, unidade: centro, topo: padaria, arquivos,
      usuarios: nums(await q(t, `SELECT codusuario FROM usuarios WHERE codpessoa IN (${inList}) ORDER BY codusuario`), 'codusuario'),
      login: 'CLIENTE', email: 'cliente@demo.concilia.local', linhasOperadora, linhasCliente,
      terminais: nums(await q(t, `SELECT codterminal FROM terminais WHERE codpessoacliente IN (${inList})`), 'codterminal'),
      taxas: nums(await q(t, `SELECT codtaxaantecipacao FROM taxas_antecipacao WHERE codpessoa IN (${inList})`), 'codtaxaantecipacao'),
      ...planosPadaria,
      perfis: nums(await q(t, `SELECT codperfil FROM perfis WHERE codpessoacriador IN (${inList})`), 'codperfil'),
      ticketId: `C-${linhasCliente[0]}`, importavelId, codoperadora: 1, codexterno: EC_CENTRO, de: '2026-05-01', ate: '2026-05-31',
      markers: ['Pão Quente', 'Padaria', 'PADARIA-SECRETA', EC_CENTRO, 'Carlos Pereira', 'Funcionária Secreta', 'cliente@demo', 'funcionaria@padaria', '045678901', 'Taxa Secreta', 'Plano Secreto da Padaria'],
    };
    expect(cliente.arquivos.length).toBe(2);
    expect(cliente.linhasOperadora.length).toBeGreaterThan(0);
    expect(cliente.linhasCliente.length).toBeGreaterThan(0);

    const platPessoas = [plat, direto, unidadeDireta];
    const platArquivos = nums(await q(t, `SELECT codarquivo FROM arquivos WHERE codpessoa IN (${platPessoas.join(',')}) ORDER BY codarquivo`), 'codarquivo');
    const platLinhas = await q(t, `SELECT codlinha, estabelecimento, to_char(date_trunc('month', coalesce(datavenda, data)), 'YYYY-MM-DD') AS de,
        to_char(date_trunc('month', coalesce(datavenda, data)) + interval '1 month - 1 day', 'YYYY-MM-DD') AS ate FROM linhas_operadora
      WHERE codarquivo IN (${platArquivos.join(',')}) ORDER BY codlinha`);
    if (!platLinhas.length) throw new Error(`the platform's statement did not load: ${JSON.stringify(await q(t, 'SELECT codarquivo, codpessoa, status, mensagem FROM arquivos'))}`);
    plataforma = {
      pessoas: platPessoas, unidade: unidadeDireta, topo: direto, arquivos: platArquivos,
      usuarios: nums(await q(t, `SELECT codusuario FROM usuarios WHERE codpessoa = ${plat} ORDER BY codusuario`), 'codusuario'),
      login: 'ADMIN', email: 'admin@demo.concilia.local', linhasOperadora: nums(platLinhas, 'codlinha'), linhasCliente: [],
      terminais: [], taxas: nums(await q(t, `SELECT codtaxaantecipacao FROM taxas_antecipacao WHERE codpessoa = ${plat}`), 'codtaxaantecipacao'),
      ...planosPlataforma,
      perfis: nums(await q(t, `SELECT codperfil FROM perfis WHERE nome = 'Perfil Secreto da Plataforma'`), 'codperfil'),
      ticketId: `A-${platLinhas[0]!.codlinha}`, importavelId: `A-${platLinhas[0]!.codlinha}`, codoperadora: 2,
      codexterno: String(platLinhas[0]!.estabelecimento), de: String(platLinhas[0]!.de), ate: String(platLinhas[0]!.ate),
      // not the platform's profile names: a profile made above is one the reseller may give (listarItensPerfis),
      // when it grants no screen the reseller lacks — its id still must not be edited or deleted from below
      markers: ['Concilia Plataforma', 'Direto Secreto', 'Direta Secreta', REDE_PV, 'Administrador da Plataforma', 'Otávio Mestre', 'admin@demo', 'mestre@demo', 'Antecipação plataforma', 'PLATAFORMA-SECRETA', 'Plano Secreto da Plataforma'],
    };
    expect(plataforma.arquivos.length).toBe(1);
    expect(plataforma.linhasOperadora.length).toBeGreaterThan(0);

    // each victim's Integrações rows, named by its markers: a bucket, TOTVS parameters and an operator code of its client, a
    // SoftExpress registration and an adjustment of its unit in its window, delivered by an integration of its client
    for (const [v, marca] of [[cliente, 'PADARIA-SECRETA'], [plataforma, 'PLATAFORMA-SECRETA']] as const) {
      const agendamento = await one(t, `INSERT INTO agendamentos_integracao (codpessoa, tipo, datainiciogeracao, protocolo)
        VALUES (${v.topo}, 'AJUSTES', '${v.de}', 'SFTP') RETURNING codagendamentointegracao`);
      await q(t, `INSERT INTO execucoes_integracao (codagendamentointegracao, datamovimento, status, terminadoem, arquivo)
        VALUES (${agendamento}, '${v.de}', 'ENTREGUE', now(), '${marca}-ajustes.csv')`);
      integracoes.set(v.topo, {
        bucket: await one(t, `INSERT INTO buckets_s3 (codpessoa, nome, bucketname, keyid, senha) VALUES (${v.topo}, '${marca} bucket', 'bucket-secreto', 'AKIASECRETO', 'v1.selado') RETURNING codbuckets3amazon`),
        parametro: await one(t, `INSERT INTO parametros_totvs (codpessoa, codfilial) VALUES (${v.topo}, '${marca}') RETURNING codparametrototvs`),
        codigo: await one(t, `INSERT INTO codigos_operadora_totvs (codpessoa, codoperadora, codclifor) VALUES (${v.topo}, ${v.codoperadora}, '${marca}') RETURNING codcodigooperadoratotvs`),
        softexpress: await one(t, `INSERT INTO integracoes_softexpress (codpessoa, codigoloja) VALUES (${v.unidade}, '${marca}') RETURNING codintegracaosoftexpress`),
        ajuste: await one(t, `INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente, estabelecimento, data, valorliquido, motivonome)
          VALUES (${v.arquivos[0]}, 999999, md5('${marca}-ajuste')::uuid, 1, 'adjustment', '3', ${v.codoperadora}, ${v.unidade}, cliente_raiz(${v.unidade}), '${v.codexterno}', '${v.de}', -4321, '${marca} ajuste') RETURNING codlinha`),
      });
      // its bank check: an account of its client, the posting of the operator's debit on it, and the pair
      const conta = await one(t, `INSERT INTO contas_bancarias (codpessoa, banco, agencia, conta, descricao)
        VALUES (${v.topo}, '341', '0001', '${v.topo}00', '${marca} conta') RETURNING codcontabancaria`);
      const codlinhabanco = await one(t, `INSERT INTO linhas_banco (codarquivo, linha, chave, ocorrencia, codcontabancaria, codpessoa, codcliente, data, natureza, valor, historico)
        VALUES (${v.arquivos[0]}, 999999, md5('${marca}-banco')::uuid, 1, ${conta}, ${v.topo}, cliente_raiz(${v.topo}), '${v.de}', 'D', 4321, '${marca} débito') RETURNING codlinhabanco`);
      const codlinha = integracoes.get(v.topo)!.ajuste;
      await q(t, `INSERT INTO conciliacoes_bancarias (grupo, codpessoa, codcliente, codcontabancaria, codlinha, codlinhabanco, resultado, regra)
        VALUES (${codlinhabanco}, ${v.topo}, cliente_raiz(${v.topo}), ${conta}, ${codlinha}, ${codlinhabanco}, 'DEBITADO', 'EXATO')`);
      bancos.set(v.topo, { conta, codlinha, codlinhabanco });
    }

    attackOnCliente = {
      victimEcFile: await scenarioFile('cielo-v15', 77, 'forged'),
      victimOwnFile: { name: 'copia.txt', bytes: cielo.bytes },
    };
    attackOnPlataforma = { victimEcFile: { name: 'R97470EEVC02.cmp', bytes: REDE_SAMPLE }, victimOwnFile: { name: 'R97470EEVC01.cmp', bytes: REDE_SAMPLE } };
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    console.log(`tenant-isolation sweep on ${engine}: ${schemaOps.length} operations, ${requests} requests, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it('knows every operation of schema.graphql, and nothing the schema no longer has', () => {
    const names = schemaOps.map((o) => o.name);
    expect(names.filter((n) => !OPERATIONS[n]), 'operations the sweep does not know: classify them in OPERATIONS').toEqual([]);
    expect(Object.keys(OPERATIONS).filter((n) => !names.includes(n)), 'operations no longer in the schema').toEqual([]);
  });

  /** Calls every operation as `login` (or anonymously) against the victim; answers the problems found. */
  async function sweep(login: string | null, victim: Victim, attack: Attack, opts: { readsOnly?: boolean } = {}): Promise<{ problems: string[]; seen: Set<string> }> {
    const problems: string[] = [];
    const seen = new Set<string>();
    let cookie = login ? await t.login(login) : undefined;
    const first = requests;
    let before = await victimFingerprint(t, victim);
    // logout last: it ends the session the rest of the sweep uses
    const ordered = [...schemaOps].sort((a, b) => Number(a.name === 'logout') - Number(b.name === 'logout') || Number(a.kind === 'mutation') - Number(b.kind === 'mutation'));
    for (const op of ordered) {
      const spec = OPERATIONS[op.name];
      // downloads are reads: the owner's run fetches them too
      if (!spec || (opts.readsOnly && op.kind === 'mutation' && !op.name.startsWith('baixar'))) continue;
      const doc = documentOf(op);
      for (const variant of variantsOf(op, spec, victim, attack)) {
        const where = `${op.name}${variant.label ? ` (${variant.label})` : ''}`;
        const files = fileArgs(op).length ? variant.files ?? {} : undefined;
        const r = files ? await callMultipart(t, doc, variant.args, files, cookie) : await t.call(doc, variant.args, { cookie });
        requests++;
        const errors: { message: string; extensions?: { code?: string } }[] = r.body?.errors ?? [];
        if (r.status >= 500) problems.push(`${where}: HTTP ${r.status}`);
        // a call refused before any resolver ran tests nothing: the sweep's arguments must fit the schema
        for (const e of errors) if (/^Variable "\$|^Unknown argument|^Cannot query field/.test(e.message ?? '')) problems.push(`${where}: the sweep sent an invalid call: ${e.message}`);
        // a marker the call itself sent (an e-mail typed into a form) may come back as the caller's own data
        const sent = JSON.stringify(variant.args);
        // the attacker's own uploads (a forged file names the victim's establishment; its name and refusal message may too)
        const sentFile = op.name === 'enviarArquivo' ? r.body?.data?.enviarArquivo?.codarquivo : undefined;
        if (typeof sentFile === 'number' && !victim.arquivos.includes(sentFile)) ownFiles.add(sentFile);
        const traces = victimTraces(r.body?.data, { ...victim, markers: victim.markers.filter((m) => !sent.includes(m)) }, ownFiles);
        if (traces.length) seen.add(op.name);
        if (!opts.readsOnly) for (const trace of traces) problems.push(`${where}: answer carries the victim's ${trace}`);
        for (const e of errors) for (const m of victim.markers) if (e.message?.includes(m)) problems.push(`${where}: error names the victim's "${m}"`);
        // a download offer: what the browser would fetch with this session must hold nothing of the victim either
        const answer = r.body?.data?.[op.name];
        if (spec.count && variant.label === 'wide' && typeof answer === 'number' && answer > 0) {
          seen.add(op.name);
          if (!opts.readsOnly) problems.push(`${where}: counts ${answer} rows of the victim's`);
        }
        if (typeof answer === 'string' && answer.startsWith('/download/')) {
          const got = await t.app.fetch(`${BASE_URL}${answer}`, { method: 'GET', headers: cookie ? { cookie } : {} }, { ip: '127.0.0.1' });
          requests++;
          if (got.status === 200) seen.add(op.name);
          // a spreadsheet is a zip: its cells are read, not its compressed bytes
          const bytes = new Uint8Array(await got.arrayBuffer());
          const text = (got.headers.get('content-type') ?? '').includes('spreadsheetml') ? await spreadsheetText(bytes) : new TextDecoder().decode(bytes);
          if (!opts.readsOnly) for (const m of victim.markers) if (text.includes(m)) problems.push(`${where}: the download holds the victim's "${m}"`);
        }
        if (!login && spec.access === 'user' && errors[0]?.extensions?.code !== 'UNAUTHENTICATED') {
          problems.push(`${where}: anonymous call not refused as not signed in: ${JSON.stringify(r.body).slice(0, 200)}`);
        }
        if (op.kind === 'mutation') {
          await t.app.services.ingestion.drain();
          const after = await victimFingerprint(t, victim);
          const changed = changedTables(before, after);
          if (changed.length && !spec.writesVictim) problems.push(`${where}: changed the victim's rows in ${changed.join(', ')}`);
          before = after;
        }
        if (spec.session && login) cookie = await t.login(login);
      }
    }
    console.log(`tenant sweep as ${login ?? 'anonymous'}${opts.readsOnly ? ' (owner, reads)' : ''}: ${requests - first} requests`);
    return { problems, seen };
  }

  it("the sweep's detector works: called by the owners themselves, the same reads do return the victim's data", async () => {
    const own = await sweep('CLIENTE', cliente, attackOnCliente, { readsOnly: true });
    expect(own.problems).toEqual([]);
    for (const op of ['listarManutencaoArquivosTotal', 'listarConciliacaoEmAbertoTotal', 'baixarManutencaoArquivos', 'baixarAnaliseTicket', 'detalharTicket', 'getUserInfo', 'listarManutencaoArquivos', 'listarConciliacaoEmAberto', 'listarExtratosOriginais', 'listarItensUnidadesConciliadoras', 'listarItensConciliadoresCodExterno', 'pesquisarTickets', 'pesquisarImportacaoTickets', 'listarImportacaoTickets', 'estabelecimentoDownload', 'baixarArquivoEstabelecimento', 'listarConferenciaBancaria', 'listarConferenciaBancariaTotal', 'getRastreioConferenciaBancaria', 'listarItensContasConferencia']) {
      expect(own.seen, op).toContain(op);
    }
    const top = await sweep('ADMIN', plataforma, attackOnPlataforma, { readsOnly: true });
    for (const op of ['getUserInfo', 'listarManutencaoArquivos', 'listarExtratosOriginais', 'listarTaxasAntecipacao', 'listarUsuario']) expect(top.seen, op).toContain(op);
  }, 120_000);

  it('anonymous: every non-public operation answers "Usuário não logado"; public ones return nothing of a client', async () => {
    expect((await sweep(null, cliente, attackOnCliente)).problems).toEqual([]);
  }, 120_000);

  it("a user of another client (CLIENTE2) reads and changes nothing of CLIENTE's, whatever ids it sends", async () => {
    expect((await sweep('CLIENTE2', cliente, attackOnCliente)).problems).toEqual([]);
  }, 120_000);

  it("a user of another client holding every screen reads and changes nothing of CLIENTE's either", async () => {
    expect((await sweep('INTRUSO', cliente, attackOnCliente)).problems).toEqual([]);
  }, 120_000);

  it("a reseller (REVENDA) reads and changes nothing of the platform's own data", async () => {
    expect((await sweep('REVENDA', plataforma, attackOnPlataforma)).problems).toEqual([]);
  }, 120_000);
});
