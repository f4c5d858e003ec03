import { z } from 'zod';
import { isBusinessDate, todayBusiness } from '../dates';
import { MSG } from '../messages';
import { isGiven } from '../register-kit/register';

/**
 * Manual ticket entry (spec part 1 "File and ticket screens" 7, §3 "Manual ticket", §5): one schema for the
 * Incluir Ticket forms and the incluirTicket input. The header names whose sales they are (the unit, the
 * operator and the client code at that operator); each line is one sale. Bandeira, Autorização and Total de
 * Parcelas are required; the sale date too, with the message the spec gives it ('Total de Parcelas é
 * obrigatório'); the sale date cannot be in the future; NSU, TID and valor are optional; valor is centavos.
 */

const int = (message: string) =>
  z.preprocess((v) => (isGiven(v) ? Number(v) : undefined), z.number({ error: message }).int(message).positive(message));

export const ticketHeaderSchema = z.object({
  codpessoa: int(MSG.ticketUnidadeObrigatoria),
  codoperadora: int(MSG.ticketSelecioneCliente),
  codexterno: z.string({ error: MSG.ticketSelecioneCliente }).trim().min(1, MSG.ticketSelecioneCliente),
});
export type TicketHeader = z.infer<typeof ticketHeaderSchema>;

const optionalText = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null), z.string().nullable());

/** A sale date that is not after `today` (the business day in São Paulo unless a test fixes it). */
export function ticketLineSchema(today: () => string = () => todayBusiness()) {
  return z.object({
    codBandeira: int(MSG.ticketBandeiraObrigatoria),
    nsu: optionalText,
    tid: optionalText,
    autorizacao: z.string({ error: MSG.ticketAutorizacaoObrigatoria }).trim().min(1, MSG.ticketAutorizacaoObrigatoria),
    quantidadeParcelas: int(MSG.ticketParcelasObrigatorio),
    datavenda: z
      .string({ error: MSG.ticketParcelasObrigatorio })
      .min(1, MSG.ticketParcelasObrigatorio)
      .refine(isBusinessDate, MSG.dataInvalida)
      .refine((d) => !isBusinessDate(d) || d <= today(), MSG.ticketDataFutura),
    valor: z.preprocess(
      (v) => (isGiven(v) ? v : null),
      z.number({ error: MSG.ticketValorInvalido }).int(MSG.ticketValorInvalido).nonnegative(MSG.ticketValorInvalido).nullable(),
    ),
  });
}
export const ticketLineSchemaToday = ticketLineSchema();
export type TicketLine = z.infer<ReturnType<typeof ticketLineSchema>>;

/** What incluirTicket receives: the header and at least one line. */
export function ticketEntrySchema(today?: () => string) {
  return z.object({
    values: ticketHeaderSchema,
    tickets: z.array(ticketLineSchema(today)).min(1, MSG.ticketSemTickets),
  });
}
export type TicketEntry = z.infer<ReturnType<typeof ticketEntrySchema>>;
