import { type CsvCell, csvDate, csvMoney, DIVERGENCE_FIELDS, type DivergenceField, MSG, TICKET_TIPOS, writeCsv } from '@concilia/domain';
import { nearestCandidates } from '../../reconcile/why-not-matched';
import type { Executor, Ticket } from './ticket-search.service';

/**
 * The analysis download of Pesquisar Ticket: one ticket as a ';'-separated text a spreadsheet opens — its data,
 * its result and the fields that differ from its pair, and for a customer line left without a pair the nearest
 * operator sales with what keeps each from pairing (why-not-matched).
 */

const DIFF_LABELS: Record<string, string> = { ...DIVERGENCE_FIELDS, nsu: 'NSU', autorizacao: 'Autorização' };
const labels = (fields: readonly string[]) => fields.map((f) => DIFF_LABELS[f as DivergenceField] ?? f).join(', ');
const row = (...cells: CsvCell[]): CsvCell[] => cells;

export function analysisFileName(t: Ticket): string {
  return `analise-ticket-${t.tipo}-${t.codlinha ?? ''}${t.codlinhasarqcli ? `-${t.codlinhasarqcli}` : ''}.csv`;
}

export async function ticketAnalysis(db: Executor, t: Ticket): Promise<string> {
  const lines = [
    row('Análise do ticket'),
    row('Tipo', TICKET_TIPOS[t.tipo]),
    row('Unidade', t.unidade),
    row('Operadora', t.operadora),
    row('Data da venda', csvDate(t.datavenda)),
    row('NSU', t.nsu),
    row('TID', t.tid),
    row('Autorização', t.autorizacao),
    row('Parcelas', t.totparcelas),
    row('Valor', csvMoney(t.valor)),
    row('Arquivo', t.codarquivo),
    row('Resultado', t.resultadolabel),
  ];
  if (t.divergencias.length) lines.push(row('Divergências', labels(t.divergencias)));
  if (t.tipo !== 'A' && t.resultado === 'somente_cliente' && t.codlinhasarqcli) {
    const near = await nearestCandidates(db, t.codlinhasarqcli, 5);
    lines.push([], row('Vendas da operadora mais próximas'));
    if (!near.length) lines.push(row(MSG.ticketAnaliseSemCandidatos));
    else {
      lines.push(row('Data da venda', 'NSU', 'Autorização', 'Parcelas', 'Valor', 'Campos diferentes', 'Já pareada com a linha do cliente'));
      for (const c of near) {
        lines.push(row(csvDate(c.datavenda), c.nsu, c.autorizacao, c.totparcelas, csvMoney(c.valor), labels(c.diferencas), c.pareadaCom));
      }
    }
  }
  return writeCsv(lines, { bom: true });
}
