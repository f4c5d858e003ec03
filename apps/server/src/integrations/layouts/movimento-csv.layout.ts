import { CSV_BOM, CSV_EOL, csvDate, csvLine, csvMoney, type CsvCell } from '@concilia/domain';
import { linhasDoArquivo, parcelaTexto } from './layout-common';
import type { Layout } from './layout-types';

/**
 * Movimento conciliado (docs/integracoes/movimento-csv.md): the day's sales, payments and adjustments of the
 * operators, each sale with whether it is paired with the client's own, as the product's CSV — a generic layout any
 * ERP or spreadsheet imports.
 */
const TIPOS: Record<string, string> = { VENDA: 'Venda', PAGAMENTO: 'Pagamento', AJUSTE: 'Ajuste' };

export const movimentoCsvLayout: Layout = {
  tipo: 'MOVIMENTO_CSV',
  extensao: 'csv',
  write(input) {
    const cliente = input.opcoes.exibirenccliente;
    const header: CsvCell[] = [
      'Tipo', 'Data', 'Operadora', 'Estabelecimento', 'Unidade', 'NSU', 'Autorização', 'Data da Venda', 'Parcela', 'Bandeira', 'Produto',
      'Valor Bruto', 'Taxa', 'Valor Líquido', 'Conciliação',
    ];
    if (cliente) header.push('Código do Cliente');
    const rows = linhasDoArquivo(input).map((l): CsvCell[] => {
      const row: CsvCell[] = [
        TIPOS[l.kind], csvDate(l.data), l.operadora, l.estabelecimento, l.unidade, l.nsu, l.autorizacao, l.datavenda ? csvDate(l.datavenda) : null,
        parcelaTexto(l), l.bandeira, l.produto, csvMoney(l.valorbruto), csvMoney(l.valortaxa), csvMoney(l.valorliquido),
        l.kind === 'VENDA' ? (l.conciliada ? 'Conciliada' : 'Não conciliada') : null,
      ];
      if (cliente) row.push(l.codexternocliente);
      return row;
    });
    const body = [header, ...rows].map((r) => `${csvLine(r, { neutralise: false })}${CSV_EOL}`).join('');
    return { body: `${CSV_BOM}${body}`, linhas: rows.length, avisos: [] };
  },
};
