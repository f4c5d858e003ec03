import type { OpenActionComponent } from '../../registers/register-overrides';
import { TicketTraceDrawer } from './ticket-trace-drawer';

/** Pesquisar Ticket's view action (kind 'open'): the chosen row's trace in the full-screen drawer. */
export const TicketTraceAction: OpenActionComponent = ({ row, onClose }) => <TicketTraceDrawer ticketId={String(row.id)} onClose={onClose} />;
