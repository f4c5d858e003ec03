import { FILE_STATUS, FINAL_FILE_STATUSES, type FileStatus } from '../files';
import { SALE_RESULTS } from '../reconciliation';
import { defineRegister, type FieldDef, type OptionItem } from '../register-kit/register';
import { MSG } from '../messages';
import { pageOf } from './register-pages';

/**
 * The file screens (spec part 1 "File and ticket screens" 1–3): three read-only lists over the received
 * files, from one field set. Each screen picks the fields it filters and shows; what a file is, who sees
 * it and what "em aberto" means are the server source's (apps/server/src/registers/arquivos.source.ts).
 */

/**
 * The upload widget's limits (spec part 1 §5, §9): 3,000,000 bytes a file, 3 files a batch, sent one at a
 * time. Larger files go through the operators' inbox folder or the command line (README).
 */
export const UPLOAD_LIMITS = { maxBytes: 3_000_000, maxFiles: 3 } as const;

/** 3000000 → '3 MB' (decimal megabytes, as the limit is written). */
export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

/** The message for a file over the size limit, the same from the widget and from the server. */
export const uploadTooLarge = (maxBytes: number = UPLOAD_LIMITS.maxBytes) => MSG.uploadMuitoGrande.replace('{max}', megabytes(maxBytes));

/** The results a file's sale lines can have, as the result cards and the 'Resultado' filter name them. */
export const RESULTADOS_VENDA: readonly OptionItem[] = Object.entries(SALE_RESULTS).map(([valor, label]) => ({ valor, label }));

/** The statuses of a file still on its way (waiting, loading): the list asks again until it leaves them. */
const PENDING_FILE_STATUSES = (Object.keys(FILE_STATUS) as FileStatus[]).filter((s) => !FINAL_FILE_STATUSES.includes(s));

const ARQUIVO_FIELDS = {
  codarquivo: { kind: 'number', label: 'Cod. Arquivo', header: 'ID', width: 90 },
  dataenvio: { kind: 'date', label: 'Envio', width: 120 },
  datarecebimento: { kind: 'datetime', label: 'Recebimento' },
  dataprocessamento: { kind: 'datetime', label: 'Processamento' },
  tipo: { kind: 'enum', label: 'Tipo', optionList: 'listarItensTipoArquivo' },
  origem: { kind: 'enum', label: 'Origem', optionList: 'listarItensOrigemArquivoRecebido' },
  status: { kind: 'enum', label: 'Status', optionList: 'listarItensStatusArquivo', width: 150 },
  nomearquivo: { kind: 'text', label: 'Nome Arquivo', header: 'Arquivo', width: 200 },
  mensagem: { kind: 'textarea', label: 'Mensagem', width: 260 },
  codoperadora: { kind: 'reference', label: 'Operadora', optionList: 'listarOperadoras' },
  codpessoa: { kind: 'reference', label: 'Unidade Conciliadora', optionList: 'listarItensUnidadesConciliadoras' },
  // the date window and the result cards' filter: filters only. The window is on the receipt date (the São
  // Paulo day the file reached us): the send date comes from the file's header, often years back, and a
  // window on it hid the file a user had just sent (issue 14, item 1)
  de: { kind: 'date', label: 'De', filter: 'gte', filterOnly: true, filterOn: 'datarecebimento' },
  ate: { kind: 'date', label: 'Até', filter: 'lte', filterOnly: true, filterOn: 'datarecebimento' },
  resultado: { kind: 'enum', label: 'Resultado', filter: 'eq', filterOnly: true, options: RESULTADOS_VENDA },
} as const satisfies Record<string, FieldDef>;

type Name = keyof typeof ARQUIVO_FIELDS;
type Use = 'column' | 'filter' | 'both';

/**
 * The shared fields, each with its use on one screen (and, where a screen names it differently, its label),
 * in the screen's order: the table shows its columns in that order.
 */
function arquivoFields(use: Partial<Record<Name, Use | { use: Use; label: string }>>): Record<string, FieldDef> {
  const out: Record<string, FieldDef> = {};
  // the screen's named fields first, in its order (its columns show in that order), then the rest: every
  // screen's rows carry the whole file record
  const names = [...new Set([...Object.keys(use), ...Object.keys(ARQUIVO_FIELDS)])] as Name[];
  for (const name of names) {
    const base: FieldDef = ARQUIVO_FIELDS[name];
    const u = use[name];
    const how = typeof u === 'object' ? u.use : u;
    const f: FieldDef = { ...base, form: false };
    if (typeof u === 'object') f.label = u.label;
    if (how === 'column' || how === 'both') f.column = true;
    if (!f.filterOnly && (how === 'filter' || how === 'both')) f.filter = true;
    if (f.filterOnly && !how) continue;
    if (f.kind === 'reference' || (f.kind === 'enum' && f.optionList)) f.todos = !!f.filter;
    out[name] = f;
  }
  return out;
}

const common = { readOnly: true, menuSection: 'Arquivos', id: 'codarquivo', keyFields: ['codarquivo'] } as const;

/** 1. Arquivos em Aberto ('Conciliação em Aberto'): files not yet fully reconciled; one week back by default. */
export const arquivosEmAbertoScreen = defineRegister({
  ...common,
  ...pageOf('arquivosEmAberto'),
  typeName: 'ArquivoEmAberto',
  menuIcon: 'FolderOpen',
  ops: { list: 'listarConciliacaoEmAberto' },
  window: { de: 'de', ate: 'ate', back: 'week' },
  buckets: { operation: 'resultadosConciliacaoEmAberto', field: 'resultado' },
  actions: [
    {
      key: 'baixar', kind: 'download', label: MSG.arquivoBaixar, icon: 'Download', scope: 'multi', operation: 'baixarConciliacaoEmAberto',
      success: MSG.arquivosBaixados, partial: MSG.arquivosBaixadosParcial, failed: MSG.arquivosNaoBaixados,
    },
  ],
  fields: arquivoFields({
    // key columns first, as on Manutenção de Arquivos
    codarquivo: 'both', status: 'both', nomearquivo: 'both', mensagem: 'column', datarecebimento: 'column', dataenvio: 'column',
    dataprocessamento: 'column', tipo: 'both', codoperadora: 'filter', origem: { use: 'filter', label: 'Conciliador' },
    de: 'filter', ate: 'filter', resultado: 'filter',
  }),
});

/** 2. Extratos Originais: the operators' statements as received, downloaded byte for byte. */
export const extratosOriginaisScreen = defineRegister({
  ...common,
  ...pageOf('extratosOriginais'),
  typeName: 'ExtratoOriginal',
  menuIcon: 'Description',
  ops: { list: 'listarExtratosOriginais' },
  window: { de: 'de', ate: 'ate', back: 'month' },
  buckets: { operation: 'resultadosExtratosOriginais', field: 'resultado' },
  actions: [
    {
      key: 'baixar', kind: 'download', label: MSG.arquivoBaixar, icon: 'Download', scope: 'multi', operation: 'baixarExtratosOriginais',
      success: MSG.arquivoDownloadRealizado, partial: MSG.arquivosBaixadosParcial, failed: MSG.arquivosNaoBaixados,
    },
  ],
  fields: arquivoFields({
    codarquivo: 'both', dataenvio: 'column', datarecebimento: 'column', tipo: 'column', nomearquivo: 'both', codoperadora: 'filter',
    de: 'filter', ate: 'filter', resultado: 'filter',
  }),
});

/** 3. Manutenção de Arquivos: every file with its status and message; download, reprocess, delete, upload. */
export const manutencaoArquivosScreen = defineRegister({
  ...common,
  ...pageOf('manutencaoArquivos'),
  typeName: 'ArquivoManutencao',
  menuIcon: 'UploadFile',
  ops: { list: 'listarManutencaoArquivos', delete: 'deletarManutencaoArquivos' },
  window: { de: 'de', ate: 'ate', back: 'month' },
  buckets: { operation: 'resultadosManutencaoArquivos', field: 'resultado' },
  // a file sent or reprocessed loads in the background: its row follows it to its final status
  refreshWhile: { field: 'status', values: PENDING_FILE_STATUSES },
  actions: [
    {
      key: 'baixar', kind: 'download', label: MSG.arquivoBaixar, icon: 'Download', scope: 'multi', operation: 'baixarManutencaoArquivos',
      success: MSG.arquivoRegistroBaixado, partial: MSG.arquivosBaixadosParcial, failed: MSG.arquivosNaoBaixados,
    },
    {
      key: 'reprocessar', label: MSG.arquivoReprocessar, icon: 'Refresh', scope: 'multi', operation: 'reprocessarManutencaoArquivos',
      success: MSG.arquivoRegistroReprocessado,
    },
  ],
  fields: arquivoFields({
    // what the user looks for first (did my file load, and why not) before the dates: at 1366 px these fit
    // without a horizontal scroll (issue 14, item 4)
    codarquivo: 'both', status: 'both', nomearquivo: 'both', mensagem: 'column', datarecebimento: 'column', dataenvio: 'column',
    dataprocessamento: 'column', tipo: 'both', origem: 'filter', codoperadora: 'filter', codpessoa: 'filter',
    de: 'filter', ate: 'filter', resultado: 'filter',
  }),
});

export const ARQUIVO_SCREENS = [arquivosEmAbertoScreen, extratosOriginaisScreen, manutencaoArquivosScreen] as const;
