/**
 * What a received file can be: its lifecycle and where it came from, with the pt-BR labels the option lists
 * (listarItensStatusArquivo, listarItensOrigemArquivoRecebido) serve. The values are stored on the file
 * record; screens show the labels only (spec part 1 §4: "their values are not shown").
 */
export const FILE_STATUS = {
  AGUARDANDO: 'Aguardando processamento',
  PROCESSANDO: 'Em processamento',
  PROCESSADO: 'Processado',
  /** loaded whole, with warnings to read (unknown codes, trailer counters that disagree while the amounts add up) */
  PROCESSADO_AVISOS: 'Processado com avisos',
  ERRO: 'Erro',
} as const;
export type FileStatus = keyof typeof FILE_STATUS;

export const FILE_ORIGINS = {
  UPLOAD: 'Envio pela tela',
  PASTA: 'Pasta de entrada (SFTP/VAN)',
  CLI: 'Linha de comando',
  DEMO: 'Demonstração',
  /** tickets entered by hand on Incluir Ticket, as a customer file of their own */
  MANUAL: 'Inclusão manual de ticket',
  /** operator sales imported as the customer's own on Importar Ticket */
  IMPORTACAO: 'Importação de ticket',
  /** sales an integrated system (ERP, e-commerce) delivers: the tickets of type CU */
  INTEGRACAO: 'Cliente integrador',
} as const;
export type FileOrigin = keyof typeof FILE_ORIGINS;

/** How many line errors a file's message lists before it says how many more there are. */
export const FILE_MESSAGE_MAX_ERRORS = 20;

/** The message of a file that failed, from its line errors: the first ones in full, then a count of the rest. */
export function fileErrorMessage(errors: readonly string[], total = errors.length): string {
  const shown = errors.slice(0, FILE_MESSAGE_MAX_ERRORS);
  const rest = total - shown.length;
  const head = total === 1 ? 'Arquivo com 1 erro; nada foi carregado.' : `Arquivo com ${total} erros; nada foi carregado.`;
  return [head, ...shown, ...(rest > 0 ? [`… e mais ${rest} erro(s).`] : [])].join('\n');
}

/** The statuses a load ends in: the file is either in (with or without warnings) or not at all. */
export const FINAL_FILE_STATUSES: readonly FileStatus[] = ['PROCESSADO', 'PROCESSADO_AVISOS', 'ERRO'];

/** The warnings of a file that loaded, as its screen shows them: the first ones in full, then a count of the rest. */
export function fileWarningMessage(warnings: readonly string[], total = warnings.length): string {
  if (total === 0) return '';
  const shown = warnings.slice(0, FILE_MESSAGE_MAX_ERRORS);
  const rest = total - shown.length;
  const head = total === 1 ? 'Arquivo carregado com 1 aviso:' : `Arquivo carregado com ${total} avisos:`;
  return [head, ...shown, ...(rest > 0 ? [`… e mais ${rest} aviso(s).`] : [])].join('\n');
}
