import { addDays, isBusinessDate, withinOneMonth } from '../dates';
import { MSG } from '../messages';

/**
 * Ticket vocabulary shared by the screens and the API (spec part 1 §3 "Ticket", §6 "Ticket search scope types").
 *
 * A — ADMINISTRADORA: sales as the card operator reported them (linhas_operadora, kind 'sale').
 * C — CLIENTE: the merchant's own sales (linhas_cliente) from its files, manual entry and ticket import.
 * CU — CLIENTE INTEGRADOR: the merchant's sales delivered by an integration (a file whose origem is
 *      'INTEGRACAO'); the same table as C, told apart by the file's origin.
 */
export const TICKET_TIPOS = { A: 'ADMINISTRADORA', C: 'CLIENTE', CU: 'CLIENTE INTEGRADOR' } as const;
export type TicketTipo = keyof typeof TICKET_TIPOS;
export const TICKET_TIPO_PADRAO: TicketTipo = 'A';

/** Actions of reconsiderarDesconsiderarTicket. */
export const TICKET_ACOES = ['desconsiderar', 'reconsiderar'] as const;
export type TicketAcao = (typeof TICKET_ACOES)[number];

/** Default ticket search window: yesterday to today (spec part 1 §9). */
export function defaultTicketWindow(hoje: string): { datavenda: string; datavendaate: string } {
  return { datavenda: addDays(hoje, -1), datavendaate: hoje };
}

/**
 * The one-month window rule of ticket search and import (spec part 1 §5), as the server checks it: null when
 * the window is fine, else the message to show.
 */
export function ticketWindowError(de: string | null | undefined, ate: string | null | undefined): string | null {
  if (!de || !ate || !isBusinessDate(de) || !isBusinessDate(ate)) return MSG.dataInvalida;
  return withinOneMonth(de, ate) ? null : MSG.periodoMaximo;
}
