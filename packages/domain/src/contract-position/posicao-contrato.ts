import type { FileRule } from '../register-kit/register';

/**
 * Contract position (spec part 2 §2.2 Monitor de Posição de Contratos, §3 contract-position tree, §4 statuses and
 * filter groups). One catalogue of the statuses: the server derives them, the monitor's filter and tree name them.
 */

export const POSICAO_GRUPOS = ['Cadastro do Cliente', 'Operadora', 'Outros'] as const;
export type PosicaoGrupo = (typeof POSICAO_GRUPOS)[number];

/**
 * The statuses in the order a registration goes through them (the tree lists its status groups in this order).
 * 'C' is the legacy code of CANCELADOEC: accepted as a filter, never derived.
 */
export const POSICAO_STATUS = [
  { code: 'NN', label: 'Unidades não cadastradas', grupo: 'Cadastro do Cliente' },
  { code: 'AGUARDANDO_DOCUMENTO', label: 'Aguardando documento', grupo: 'Cadastro do Cliente' },
  { code: 'DOCUMENTO_REJEITADO', label: 'Documento rejeitado', grupo: 'Cadastro do Cliente' },
  { code: 'P', label: 'Conferência prévia de documentos', grupo: 'Cadastro do Cliente' },
  { code: 'AGUARDANDO_SENHA', label: 'Aguardando senha', grupo: 'Cadastro do Cliente' },
  { code: 'AGUARDANDO_EC', label: 'Aguardando EC', grupo: 'Cadastro do Cliente' },
  { code: 'T', label: 'Aguardando taxas', grupo: 'Cadastro do Cliente' },
  { code: 'A', label: 'Aguardando aprovação da operadora', grupo: 'Operadora' },
  { code: 'AGUARDANDO_LIBERACAO_OPERADORA', label: 'Aguardando definição da operadora', grupo: 'Operadora' },
  { code: 'F', label: 'Recebendo extrato', grupo: 'Operadora' },
  { code: 'Z', label: 'Extrato VAN atrasado', grupo: 'Operadora' },
  { code: 'SUSPENSO', label: 'Suspenso', grupo: 'Outros' },
  { code: 'CANCELADO', label: 'Cancelado', grupo: 'Outros' },
  { code: 'CANCELADOEC', label: 'Cancelado EC', grupo: 'Outros' },
] as const satisfies readonly { code: string; label: string; grupo: PosicaoGrupo }[];

export type PosicaoStatus = (typeof POSICAO_STATUS)[number]['code'];

/** The filter's 'all statuses' value, its default (spec part 2 §9). */
export const POSICAO_TODOS = 'q';
/** Filter values that stand for another status. */
const ALIASES: Record<string, PosicaoStatus> = { C: 'CANCELADOEC' };

export const posicaoStatusLabel = (code: string): string => POSICAO_STATUS.find((s) => s.code === (ALIASES[code] ?? code))?.label ?? code;

/** The statuses a filter value selects: all for 'q' (or nothing given), none for an unknown code. */
export function statusesOfFilter(filtro: string | null | undefined): PosicaoStatus[] {
  if (!filtro || filtro === POSICAO_TODOS) return POSICAO_STATUS.map((s) => s.code);
  const code = ALIASES[filtro] ?? filtro;
  return POSICAO_STATUS.filter((s) => s.code === code).map((s) => s.code);
}

/** Node types of the contract-position tree (spec part 2 §3: type 3 is a leaf that opens the detail). */
export const POSICAO_NO_TIPO = { operadora: 1, status: 2, estabelecimento: 3 } as const;

/** The documents an operator's registration asks for; the authorisation letter is the one it cannot do without. */
export const DOCUMENTO_TIPOS = [
  { code: 'CARTA_AUTORIZACAO', label: 'Carta de autorização', obrigatorio: true },
  { code: 'CONTRATO_SOCIAL', label: 'Contrato social', obrigatorio: false },
  { code: 'DOCUMENTO_RESPONSAVEL', label: 'Documento do responsável', obrigatorio: false },
  { code: 'COMPROVANTE_BANCARIO', label: 'Comprovante bancário', obrigatorio: false },
  { code: 'OUTROS', label: 'Outros', obrigatorio: false },
] as const;
export type DocumentoTipo = (typeof DOCUMENTO_TIPOS)[number]['code'];
export const REQUIRED_DOCUMENT_TYPES: DocumentoTipo[] = DOCUMENTO_TIPOS.filter((d) => d.obrigatorio).map((d) => d.code);
export const documentoTipoLabel = (code: string): string => DOCUMENTO_TIPOS.find((d) => d.code === code)?.label ?? code;

/** Registration documents (spec part 2 §5 Uploads: 3,000,000 bytes by default, 3 files at a time): PDF or a photo. */
export const DOCUMENTO_UPLOAD: FileRule & { maxFiles: number } = {
  accept: ['application/pdf', 'image/jpeg', 'image/png', '.pdf', '.jpg', '.jpeg', '.png'],
  maxBytes: 3_000_000,
  maxFiles: 3,
};
/** The longest name a document keeps. */
export const DOCUMENTO_NOME_MAX = 100;
/** Documents awaiting the back office's check that one establishment may hold at once (canUpload says no beyond). */
export const DOCUMENTOS_PENDENTES_MAX = 10;
