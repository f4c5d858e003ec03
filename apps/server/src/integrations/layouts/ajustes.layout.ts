import { CSV_BOM, CSV_EOL, csvDate, csvLine, csvMoney, type CsvCell } from '@concilia/domain';
import { linhasDoArquivo, parcelaTexto } from './layout-common';
import type { Layout } from './layout-types';

/**
 * Ajustes (docs/integracoes/ajustes.md): the day's adjustments, cancellations and chargebacks only, as the product's
 * CSV (';', CRLF, pt-BR amounts and dates, a BOM for Excel). With ajusteconsolidado, one line per operator and day
 * with how many adjustments it sums.
 */
const TIPOS: Record<string, string> = { adjustment: 'Ajuste', cancellation: 'Cancelamento', chargeback: 'Chargeback' };

export const ajustesLayout: Layout = {
  tipo: 'AJUSTES',
  extensao: 'csv',
  write(input) {
    const consolidado = input.opcoes.ajusteconsolidado;
    const cliente = input.opcoes.exibirenccliente;
    const header: CsvCell[] = consolidado
      ? ['Data', 'Operadora', 'Quantidade', 'Valor']
      : ['Data', 'Operadora', 'Estabelecimento', 'Unidade', 'Tipo', 'Motivo', 'NSU', 'Data da Venda', 'Parcela', 'Valor'];
    if (cliente && !consolidado) header.push('Código do Cliente');
    const ajustes = input.linhas.filter((l) => l.kind === 'AJUSTE');
    const quantos = new Map<string, number>();
    for (const l of ajustes) quantos.set(`${l.data}|${l.codoperadora}`, (quantos.get(`${l.data}|${l.codoperadora}`) ?? 0) + 1);
    const rows = linhasDoArquivo({ ...input, opcoes: { ...input.opcoes, somenteajuste: true } }).map((l): CsvCell[] => {
      if (consolidado) return [csvDate(l.data), l.operadora, quantos.get(`${l.data}|${l.codoperadora}`) ?? 0, csvMoney(l.valorliquido)];
      const row: CsvCell[] = [
        csvDate(l.data), l.operadora, l.estabelecimento, l.unidade, TIPOS[l.tipo] ?? l.tipo, l.motivo, l.nsu,
        l.datavenda ? csvDate(l.datavenda) : null, parcelaTexto(l), csvMoney(l.valorliquido),
      ];
      if (cliente) row.push(l.codexternocliente);
      return row;
    });
    const body = [header, ...rows].map((r) => `${csvLine(r, { neutralise: false })}${CSV_EOL}`).join('');
    return { body: `${CSV_BOM}${body}`, linhas: rows.length, avisos: [] };
  },
};
