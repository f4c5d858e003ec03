/**
 * Who turns a signed DPS into an NFS-e: the national API (national-provider.ts) or, offline and by default, the
 * sandbox (sandbox-provider.ts) that answers as the national API does. Callers see only this shape.
 */
export type NfseResultado = {
  status: 'AUTORIZADA' | 'REJEITADA';
  /** 50 digits (TSChaveNFSe) */
  chaveAcesso?: string;
  numeroNfse?: string;
  protocolo?: string;
  /** as the provider wrote it, e.g. '2026-03-15T10:05:12-03:00' */
  dataHoraProcessamento?: string;
  /** the rejection reasons (or alerts) joined, at most 500 characters, pt-BR as the provider sent them */
  mensagem?: string;
  xmlNfse?: string;
};

export interface NfseProvider {
  emitir(signedDpsXml: string): Promise<NfseResultado>;
  consultar?(chaveAcesso: string): Promise<NfseResultado>;
}

export const MENSAGEM_MAX = 500;

/** Joins reasons as 'E1235 - Falha no esquema XML do DF-e. (complemento)'; cut at 500 with an ellipsis. */
export function juntarMensagens(erros: readonly { codigo?: string; descricao?: string; complemento?: string }[]): string {
  const text = erros
    .map((e) => [e.codigo, [e.descricao, e.complemento ? `(${e.complemento})` : ''].filter(Boolean).join(' ')].filter(Boolean).join(' - '))
    .filter(Boolean)
    .join('; ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= MENSAGEM_MAX ? text : `${text.slice(0, MENSAGEM_MAX - 1)}…`;
}
