import { MSG } from '../messages';
import { actionForm, defineRegister } from '../register-kit/register';
import { POSICAO_STATUS } from '../contract-position/posicao-contrato';
import { pageOf } from './register-pages';

/** Validar pendência: the back office's answer to what the registration waits for (documents, or the operator). */
const VALIDAR_FIELDS = {
  codestabelecimento: { kind: 'number', label: 'Código', form: false },
  aprovado: {
    kind: 'enum', label: 'Decisão', widget: 'radio', required: true, default: 'S',
    options: [{ valor: 'S', label: MSG.pendenciaAprovar }, { valor: 'N', label: MSG.pendenciaRecusar }],
  },
  motivo: { kind: 'text', label: MSG.pendenciaMotivo, maxLength: 500, shownWhen: { field: 'aprovado', values: ['N'] } },
} as const;

/**
 * Estabelecimentos (spec part 2 §7 "Establishments and registration": listarEstabelecimentos,
 * editarEstabelecimento, deleteEstabelecimentoOperadora): an operator's code of a reconciliation unit (EC at
 * Cielo, PV at Rede, StoneCode…). It is how a line of an operator file finds its unit: one code per operator.
 */
export const estabelecimentosRegister = defineRegister({
  ...pageOf('estabelecimentos'),
  typeName: 'Estabelecimento',
  menuSection: 'Cadastros',
  menuIcon: 'Store',
  id: 'codestabelecimento',
  keyFields: ['codestabelecimento'],
  ops: { list: 'listarEstabelecimentos', get: 'getEstabelecimento', save: 'editarEstabelecimento', delete: 'deleteEstabelecimentoOperadora' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  actions: [
    { key: 'documentos', kind: 'open', label: MSG.documentos, icon: 'Description', scope: 'single', operation: '', success: '' },
    {
      key: 'validar', kind: 'form', label: MSG.pendenciaValidar, icon: 'FactCheck', scope: 'single', operation: 'validarPendenciaCadastroOperadora',
      success: MSG.operacaoSucesso, enabledWhen: { field: 'status', values: ['P', 'A'] },
      form: actionForm('ValidarPendencia', VALIDAR_FIELDS, [
        [(v) => v.aprovado !== 'N' || String(v.motivo ?? '').trim() !== '', { message: MSG.pendenciaMotivoObrigatorio, path: ['motivo'] }],
      ], ['codestabelecimento']),
    },
    {
      key: 'aprovarEc', kind: 'row', label: MSG.aprovarEc, icon: 'HowToReg', scope: 'single', operation: 'aprovarUrl',
      success: MSG.aprovarEcSucesso, enabledWhen: { field: 'status', values: ['AGUARDANDO_EC'] },
    },
  ],
  fields: {
    codestabelecimento: { kind: 'number', label: 'Código', form: 'readonly', width: 100 },
    codexterno: { kind: 'text', label: 'Código do Estabelecimento', column: true, filter: true, maxLength: 30, required: true, width: 200 },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, maxLength: 100 },
    codoperadora: { kind: 'reference', label: 'Operadora', column: true, filter: 'eq', optionList: 'listarOperadoras', todos: true, required: true, width: 150 },
    codpessoa: { kind: 'reference', label: 'Unidade Conciliadora', column: true, filter: 'eq', optionList: 'listarItensUnidadesConciliadoras', todos: true, required: true },
    situacao: {
      kind: 'enum', label: MSG.estabelecimentoSituacao, column: true, filter: 'eq', todos: true, default: 'ATIVO', required: true, width: 130,
      options: [
        { valor: 'ATIVO', label: 'Ativo' }, { valor: 'SUSPENSO', label: 'Suspenso' },
        { valor: 'CANCELADO', label: 'Cancelado' }, { valor: 'CANCELADOEC', label: 'Cancelado pelo EC' },
      ],
    },
    /** the derived contract position (features/contract-position): read, never typed */
    status: {
      kind: 'enum', label: 'Posição', column: true, form: false, virtual: true, width: 220,
      options: POSICAO_STATUS.map((st) => ({ valor: st.code, label: st.label })),
    },
  },
});
