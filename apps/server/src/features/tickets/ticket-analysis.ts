import { DIVERGENCE_FIELDS, type DivergenceField, formatBRL, formatBusinessDate, MSG, TICKET_TIPOS } from '@concilia/domain';
import { nearestCandidates } from '../../reconcile/why-not-matched';
import type { Executor, Ticket } from './ticket-search.service';

/**
 * The analysis download of Pesquisar Ticket: one ticket as a ';'-separated text a spreadsheet opens — its data,
 * its result and the fields that differ from its pair, and for a customer line left without a pair the nearest
 * operator sales with what keeps each from pairing (why-not-matched).
 */

const DIFF_LABELS: Record<string, string> = { ...DIVERGENCE_FIELDS, nsu: 'NSU', autorizacao: 'Autorização' };
const labels = (fields: readonly string[]) => fields.map((f) => DIFF_LABELS[f as DivergenceField] ?? f).join(', ');
const cell = (v: string | number | null | undefined) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const row = (...cells: (string | number | null | undefined)[]) => cells.map(cell).join(';');

export function analysisFileName(t: Ticket): string {
  return `analise-ticket-${t.tipo}-${t.codlinha ?? ''}${t.codlinhasarqcli ? `-${t.codlinhasarqcli}` : ''}.csv`;
}

export async function ticketAnalysis(db: Executor, t: Ticket): Promise<string> {
  const lines = [
    row('Análise do ticket'),
    row('Tipo', TICKET_TIPOS[t.tipo]),
    row('Unidade', t.unidade),
    row('Operadora', t.operadora),
    row('Data da venda', formatBusinessDate(t.datavenda)),
    row('NSU', t.nsu),
    row('TID', t.tid),
    row('Autorização', t.autorizacao),
    row('Parcelas', t.totparcelas),
    row('Valor', formatBRL(t.valor)),
    row('Arquivo', t.codarquivo),
    row('Resultado', t.resultadolabel),
  ];
  if (t.divergencias.length) lines.push(row('Divergências', labels(t.divergencias)));
  if (t.tipo !== 'A' && t.resultado === 'somente_cliente' && t.codlinhasarqcli) {
    const near = await nearestCandidates(db, t.codlinhasarqcli, 5);
    lines.push('', row('Vendas da operadora mais próximas'));
    if (!near.length) lines.push(row(MSG.ticketAnaliseSemCandidatos));
    else {
      lines.push(row('Data da venda', 'NSU', 'Autorização', 'Parcelas', 'Valor', 'Campos diferentes', 'Já pareada com a linha do cliente'));
      for (const c of near) {
        lines.push(row(formatBusinessDate(c.datavenda), c.nsu, c.autorizacao, c.totparcelas, formatBRL(c.valor), labels(c.diferencas), c.pareadaCom));
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
