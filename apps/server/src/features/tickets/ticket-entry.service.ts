import { subtreeOf } from '@concilia/db';
import type { TicketEntry } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import type { Ingestion } from '../../ingest/ingestion';
import { ticketsCsv } from './ticket-csv';
import { type Executor, rowsOf } from './ticket-search.service';

/**
 * Incluir Ticket (spec part 1 "File and ticket screens" 7): tickets entered by hand are customer lines like any
 * other — one customer file of origin MANUAL per save, owned by the unit, carrying the establishment code and
 * the operator so the reconciliation job its load queues pairs them with the operator's sales.
 */

/** The client code must be an establishment of that unit at that operator, within the caller's hierarchy. */
export async function entryHeader(db: Executor, me: { codpessoa: number }, v: TicketEntry['values']) {
  const [row] = await rowsOf(db, sql`
    SELECT e.codpessoa, e.codexterno, o.nome AS operadora
    FROM estabelecimentos e JOIN operadoras o ON o.codoperadora = e.codoperadora
    WHERE e.codoperadora = ${v.codoperadora} AND e.codexterno = ${v.codexterno} AND e.codpessoa IN ${subtreeOf(v.codpessoa)}
      AND e.codpessoa IN ${subtreeOf(me.codpessoa)}
    LIMIT 1`);
  return row ? { codpessoa: Number(row.codpessoa), codexterno: String(row.codexterno), operadora: String(row.operadora) } : null;
}

export async function enterTickets(db: Executor, ingestion: Ingestion, codusuario: number, header: { codpessoa: number; codexterno: string; operadora: string },
  tickets: TicketEntry['tickets']): Promise<number> {
  const brands = new Map((await rowsOf(db, sql`SELECT codbandeira, nome FROM bandeiras`)).map((b) => [Number(b.codbandeira), String(b.nome)]));
  const csv = ticketsCsv(tickets.map((t) => ({
    datavenda: t.datavenda, nsu: t.nsu, tid: t.tid, autorizacao: t.autorizacao, parcelas: t.quantidadeParcelas, valor: t.valor ?? 0,
    bandeira: brands.get(t.codBandeira) ?? null, estabelecimento: header.codexterno, operadora: header.operadora,
  })));
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 17);
  const r = await ingestion.receive({
    source: new TextEncoder().encode(csv), name: `inclusao-tickets-${header.codpessoa}-${stamp}.csv`, origem: 'MANUAL',
    codpessoa: header.codpessoa, codusuario,
  });
  return r.codarquivo;
}
