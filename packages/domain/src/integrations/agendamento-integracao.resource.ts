import { z } from 'zod';
import { MSG } from '../messages';
import type { FormRule } from '../register-kit/field-schema';
import { defineRegister, type OptionItem } from '../register-kit/register';
import { obrigatorio } from '../register-kit/zod-fields';

/**
 * The layouts an integration schedule writes (spec part 2 §3 "Integration schedule", §7 "ERP integrations"): each a
 * pure function of the server (apps/server/src/integrations/layouts) documented in docs/integracoes/<layout>.md.
 */
export const INTEGRACAO_TIPOS = [
  { valor: 'TOTVS_PROTHEUS', label: 'TOTVS Protheus (recebíveis de cartão)' },
  { valor: 'AJUSTES', label: 'Ajustes (CSV)' },
  { valor: 'MOVIMENTO_CSV', label: 'Movimento conciliado (CSV)' },
  { valor: 'SOFTEXPRESS', label: 'SoftExpress (por loja SiTef)' },
] as const satisfies readonly OptionItem[];

export type IntegracaoTipo = (typeof INTEGRACAO_TIPOS)[number]['valor'];

export const INTEGRACAO_PROTOCOLO_OPCOES = [
  { valor: 'SFTP', label: 'SFTP' },
  { valor: 'FTP', label: 'FTP' },
  { valor: 'FTPS', label: 'FTPS' },
  { valor: 'S3', label: 'Amazon S3' },
] as const satisfies readonly OptionItem[];

export const INTEGRACAO_STATUS = [
  { valor: 'A', label: 'Ativo' },
  { valor: 'I', label: 'Inativo' },
] as const satisfies readonly OptionItem[];


/** The protocols that log in to a server (host, login, password); S3 takes a registered bucket instead. */
const SERVIDOR = ['SFTP', 'FTP', 'FTPS'] as const;
const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A host key's fingerprint as OpenSSH prints it: 'SHA256:' and the unpadded base64 of 32 bytes. */
export const SSH_FINGERPRINT = /^SHA256:[A-Za-z0-9+/]{43}$/;

const filled = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';
const isServer = (v: Record<string, unknown>) => v.protocolo !== 'S3';

/**
 * Across fields: a server protocol needs its host and login, and a password on insert (on edit an empty one keeps
 * the stored one — the server checks that one is stored); S3 needs the bucket.
 */
const RULES: readonly FormRule[] = [
  [(v) => !isServer(v) || filled(v.host), { message: MSG.integracaoHostObrigatorio, path: ['host'] }],
  [(v) => !isServer(v) || filled(v.login), { message: MSG.integracaoLoginObrigatorio, path: ['login'] }],
  [(v) => !isServer(v) || filled(v.senha) || filled(v.codagendamentointegracao), { message: MSG.integracaoSenhaObrigatoria, path: ['senha'] }],
  [(v) => isServer(v) || filled(v.codbuckets3amazon), { message: MSG.integracaoBucketObrigatorio, path: ['codbuckets3amazon'] }],
];

const onServer = { field: 'protocolo', values: SERVIDOR };

/**
 * Agendamento de Integração (spec part 2 §3, §7 salvarIntegracaoAgendamento, getAgendamentoIntegracao,
 * getAgendamentosIntegracao): one layout of one client's movement, a file per business day from
 * `datainiciogeracao` on, delivered at `hora` (São Paulo) by SFTP, FTP/FTPS or to the client's S3 bucket. A tab of
 * Integrações (/app/integracao). The server password is a 'secret' field: sealed at rest, never answered.
 */
export const agendamentoIntegracaoRegister = defineRegister({
  key: 'agendamentoIntegracao',
  typeName: 'AgendamentoIntegracao',
  title: 'Agendamentos',
  page: 'integracao',
  menuSection: 'Integração',
  menuIcon: 'Hub',
  id: 'codagendamentointegracao',
  keyFields: ['codagendamentointegracao'],
  ops: { list: 'getAgendamentosIntegracao', get: 'getAgendamentoIntegracao', save: 'salvarIntegracaoAgendamento', delete: 'excluirIntegracaoAgendamento' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  rules: RULES,
  actions: [
    {
      key: 'executarAgora', kind: 'row', label: MSG.integracaoExecutarAgora, icon: 'PlayArrow', scope: 'single',
      operation: 'executarIntegracaoAgendamento', success: MSG.integracaoExecutarAgoraSucesso, settlesLater: true,
      confirm: MSG.integracaoExecutarAgoraConfirma,
    },
    // the web registry's opens.historico lists getExecucoesIntegracao, each day with Reenviar (reenviarExecucaoIntegracao)
    { key: 'historico', kind: 'open', label: MSG.integracaoHistorico, icon: 'ListAlt', scope: 'single', operation: '', success: '' },
  ],
  fields: {
    codagendamentointegracao: { kind: 'number', label: 'Código', form: 'readonly', width: 100 },
    codpessoa: { kind: 'reference', label: 'Cliente', optionList: 'listarItensConciliadores', column: true, filter: 'eq', todos: true, required: true, section: 'Arquivo' },
    tipo: { kind: 'enum', label: 'Layout', options: INTEGRACAO_TIPOS, column: true, filter: 'eq', todos: true, required: true, width: 260, section: 'Arquivo' },
    codoperadora: { kind: 'reference', label: 'Operadora', optionList: 'listarOperadoras', column: true, width: 140, section: 'Arquivo' },
    conciliadores: { kind: 'references', label: 'Operadoras (várias)', optionList: 'listarOperadoras', virtual: true, section: 'Arquivo' },
    unidadeconciliadora: {
      kind: 'reference', label: 'Unidade Conciliadora', optionList: 'listarItensUnidadesConciliadoras', optionListArg: 'codpessoa', section: 'Arquivo',
    },
    contacorrente: { kind: 'text', label: 'Conta Corrente', maxLength: 40, section: 'Arquivo' },
    ajusteconsolidado: { kind: 'boolean', label: 'Ajuste Consolidado', section: 'Arquivo' },
    somenteajuste: { kind: 'boolean', label: 'Somente Ajuste', section: 'Arquivo' },
    exibirenccliente: { kind: 'boolean', label: 'Exibir Código do Cliente', section: 'Arquivo' },
    status: { kind: 'enum', label: 'Status', options: INTEGRACAO_STATUS, widget: 'radio', default: 'A', required: true, column: true, filter: 'eq', todos: true, width: 110, section: 'Agenda' },
    datainiciogeracao: { kind: 'date', label: 'Data Início Geração', required: true, column: true, width: 150, section: 'Agenda' },
    hora: {
      kind: 'text', label: 'Hora', default: '06:00', required: true, maxLength: 5, width: 90, column: true, section: 'Agenda',
      zod: z.string({ error: obrigatorio('Hora') }).trim().regex(HORA, MSG.agendamentoHoraInvalida),
    },
    protocolo: { kind: 'enum', label: 'Protocolo', options: INTEGRACAO_PROTOCOLO_OPCOES, required: true, default: 'SFTP', column: true, width: 110, section: 'Entrega' },
    host: { kind: 'text', label: 'Host', maxLength: 255, shownWhen: onServer, column: true, section: 'Entrega' },
    porta: { kind: 'number', label: 'Porta', min: 1, max: 65535, shownWhen: onServer, width: 90, section: 'Entrega' },
    login: { kind: 'text', label: 'Login', maxLength: 100, shownWhen: onServer, section: 'Entrega' },
    senha: { kind: 'secret', label: 'Senha', maxLength: 255, shownWhen: onServer, section: 'Entrega' },
    diretorioftp: { kind: 'text', label: 'Diretório', maxLength: 255, shownWhen: onServer, section: 'Entrega' },
    // the SFTP server's host key, pinned: typed here, or recorded by the first delivery (trust on first use)
    chaveservidor: {
      kind: 'text', label: 'Chave do Servidor (SHA256)', maxLength: 50, shownWhen: { field: 'protocolo', values: ['SFTP'] }, section: 'Entrega',
      zod: z.preprocess((v) => (typeof v === 'string' && v.trim() === '') || v === undefined ? null : v, z.string().trim().regex(SSH_FINGERPRINT, MSG.integracaoChaveServidorInvalida).nullable()),
    },
    codbuckets3amazon: {
      kind: 'reference', label: 'Bucket S3', optionList: 'listarItensBucketsS3', optionListArg: 'codpessoa', shownWhen: { field: 'protocolo', values: ['S3'] },
      section: 'Entrega',
    },
    // the run's own bookkeeping: shown, never typed
    ultimadatagerada: { kind: 'date', label: 'Último Dia Entregue', form: 'readonly', column: true, width: 150 },
    proximaexecucao: { kind: 'datetime', label: 'Próxima Execução', column: true, width: 170 },
  },
});

/** One day's file of a schedule, as getExecucoesIntegracao answers it. */
export type ExecucaoIntegracao = {
  codexecucao: number;
  datamovimento: string;
  iniciadoem: string;
  terminadoem: string | null;
  status: 'EXECUTANDO' | 'ENTREGUE' | 'ERRO';
  tentativas: number;
  arquivo: string | null;
  linhas: number | null;
  bytes: number | null;
  mensagem: string | null;
};

/** The schedule's file name for a day: `<TIPO>_<cliente>_<YYYYMMDD>.txt` (the client's code, so names never collide). */
export const integracaoFileName = (tipo: string, codpessoa: number, dia: string, ext = 'txt') =>
  `${tipo}_${codpessoa}_${dia.replace(/-/g, '')}.${ext}`;

