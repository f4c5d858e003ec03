import { pessoas, subtreeOf, taxasAntecipacao } from '@concilia/db';
import { clientesRegister, perfisRegister, taxasAntecipacaoRegister, terminaisRegister, usuariosRegister } from '@concilia/domain';
import { eq, sql } from 'drizzle-orm';
import type { RegisterEntry } from '../register-kit/register-entry';
import { perfisEntry } from './perfis.hooks';
import { terminaisEntry } from './terminais.hooks';
import { usuariosEntry } from './usuarios.hooks';
import { importacaoTicketEntry, pesquisaTicketEntry } from '../features/tickets/tickets.source';

/**
 * The server's one list of registers: each domain declaration bound to its table, its visibility in
 * the hierarchy and its own rules. Adding a register is a declaration, a table and one entry here.
 */
export const REGISTRY: RegisterEntry[] = [
  {
    def: clientesRegister,
    table: pessoas,
    // A client is visible to its own users and to everyone above it.
    visible: (me) => sql`${pessoas.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
    baseWhere: eq(pessoas.tipo, 'CLIENTE'),
    ownerColumn: 'codpessoapai',
    hooks: { beforeSave: (_ctx, values) => ({ ...values, tipo: 'CLIENTE' }) },
  },
  {
    def: taxasAntecipacaoRegister,
    table: taxasAntecipacao,
    visible: (me) => sql`${taxasAntecipacao.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
    ownerColumn: 'codpessoa',
  },
  // Registers with rules of their own keep table, scope and hooks beside those rules.
  { def: usuariosRegister, ...usuariosEntry },
  { def: perfisRegister, ...perfisEntry },
  { def: terminaisRegister, ...terminaisEntry },
  pesquisaTicketEntry,
  importacaoTicketEntry,
];
