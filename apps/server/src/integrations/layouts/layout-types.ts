import type { IntegracaoTipo } from '@concilia/domain';

/**
 * What every layout receives: the day's movement already read and scoped by integration-data.ts (amounts in integer
 * centavos, dates 'YYYY-MM-DD' in São Paulo) and the client's ERP codes. Layouts are pure: the same input always
 * writes the same bytes, which is what their golden files pin.
 */

/** PAGAMENTO: a settlement or anticipation line; AJUSTE: an adjustment, cancellation or chargeback; VENDA: a sale. */
export type LinhaKind = 'PAGAMENTO' | 'AJUSTE' | 'VENDA';

export type LinhaMovimento = {
  kind: LinhaKind;
  /** the operator line's own kind (settlement, chargeback…): SoftExpress and the CSVs name it */
  tipo: string;
  /** the line's date: the payment's, the adjustment's, the sale's */
  data: string;
  codoperadora: number;
  operadora: string;
  estabelecimento: string;
  /** the reconciliation unit */
  codpessoa: number | null;
  unidade: string | null;
  nsu: string | null;
  autorizacao: string | null;
  datavenda: string | null;
  parcela: number | null;
  totparcelas: number | null;
  bandeira: string | null;
  produto: string | null;
  valorbruto: number;
  valortaxa: number;
  valorliquido: number;
  motivo: string | null;
  /** the client's own code of the sale (linhas_cliente.codexterno of the reconciled pair), when there is one */
  codexternocliente: string | null;
  /** a sale paired with the client's (conciliacoes_venda) */
  conciliada: boolean;
};

/** The client's TOTVS posting parameters (parametros_totvs), all optional. */
export type ParametrosTotvs = {
  codfilial: string | null;
  opcional1: string | null;
  opcional2: string | null;
  coddepartamento: string | null;
  codcentrocusto: string | null;
  tipocontabil: string | null;
  codmoeda: string | null;
  codcontacaixa: string | null;
  statuslancamento: string | null;
  codcoligadaclifor: string | null;
  codcoligadacontacaixa: string | null;
  tiposacado: string | null;
  codevento: string | null;
};

/** An operator's customer/supplier code in the client's TOTVS (codigos_operadora_totvs). */
export type CodigoOperadoraTotvs = { codclifor: string; loja: string | null; natureza: string | null };

export type LayoutInput = {
  /** the business day the file is of (its name carries it) */
  dia: string;
  /** the client (codpessoa) */
  codcliente: number;
  opcoes: { ajusteconsolidado: boolean; somenteajuste: boolean; exibirenccliente: boolean; contacorrente: string | null };
  linhas: readonly LinhaMovimento[];
  totvs?: { parametros: ParametrosTotvs | null; codigos: ReadonlyMap<number, CodigoOperadoraTotvs> };
  /** SiTef store code of each unit (integracoes_softexpress), by codpessoa */
  lojas?: ReadonlyMap<number, string>;
};

export type LayoutOutput = {
  body: string;
  /** data lines written (a header is not one) */
  linhas: number;
  /** pt-BR warnings for the run's message (an operator without a TOTVS code…) */
  avisos: string[];
};

export type Layout = { tipo: IntegracaoTipo; extensao: 'txt' | 'csv'; write(input: LayoutInput): LayoutOutput };
