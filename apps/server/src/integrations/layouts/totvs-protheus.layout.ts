import { MSG } from '@concilia/domain';
import { aaaammdd, ascii, linhasDoArquivo, parcelaTexto, pontoDecimal } from './layout-common';
import type { Layout, LinhaMovimento } from './layout-types';

/**
 * TOTVS Protheus — card receivables (docs/integracoes/totvs-protheus.md): one line per payment and per adjustment
 * of the day, fields separated by '|', CRLF line ends, no header (Protheus' import reads positions by order). The
 * posting codes are the client's TOTVS parameters and the operator's customer/supplier code; an operator without
 * one still goes, with the code empty, and the run's message names it so someone registers it.
 */
export const SEPARADOR_TOTVS = '|';

const HISTORICO: Record<string, string> = {
  settlement: 'PAGTO', anticipation: 'ANTECIP', adjustment: 'AJUSTE', cancellation: 'CANCEL', chargeback: 'CHARGEBACK',
};

export const totvsProtheusLayout: Layout = {
  tipo: 'TOTVS_PROTHEUS',
  extensao: 'txt',
  write(input) {
    const p = input.totvs?.parametros ?? null;
    const codigos = input.totvs?.codigos ?? new Map();
    const semCodigo = new Set<string>();
    const t = (v: string | null | undefined, max = 60) => ascii(v, SEPARADOR_TOTVS, max);
    const linha = (l: LinhaMovimento) => {
      const c = codigos.get(l.codoperadora);
      if (!c) semCodigo.add(l.operadora);
      const historico = [HISTORICO[l.tipo] ?? l.tipo.toUpperCase(), l.operadora, l.nsu ? `NSU ${l.nsu}` : '', parcelaTexto(l)].filter(Boolean).join(' ');
      const fields = [
        l.kind === 'AJUSTE' ? 'AJ' : 'PG',
        t(p?.codfilial), aaaammdd(l.data), t(c?.codclifor), t(c?.loja), t(c?.natureza ?? p?.codevento), t(p?.codcontacaixa),
        t(input.opcoes.contacorrente), t(p?.codcentrocusto), t(p?.coddepartamento), t(p?.codmoeda), t(p?.tipocontabil),
        t(p?.statuslancamento), t(p?.opcional1), t(p?.opcional2), t(l.nsu), parcelaTexto(l), aaaammdd(l.datavenda),
        pontoDecimal(l.valorbruto), pontoDecimal(l.valortaxa), pontoDecimal(l.valorliquido), t(l.estabelecimento), t(historico, 80),
      ];
      if (input.opcoes.exibirenccliente) fields.push(t(l.codexternocliente));
      return fields.join(SEPARADOR_TOTVS);
    };
    const lines = linhasDoArquivo(input).filter((l) => l.kind !== 'VENDA').map(linha);
    const avisos = semCodigo.size ? [MSG.integracaoCodigoTotvsAusente.replace('{operadoras}', [...semCodigo].sort().join(', '))] : [];
    return { body: lines.map((l) => `${l}\r\n`).join(''), linhas: lines.length, avisos };
  },
};
