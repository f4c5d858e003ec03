import { pessoas, subtreeOf, taxasAntecipacao } from '@concilia/db';
import {
  agendamentoIntegracaoRegister, arquivosEmAbertoScreen, clientesRegister, contasBancariasRegister, dadosNfeRegister, estabelecimentosRegister, extratosOriginaisScreen, manutencaoArquivosScreen, perfisRegister, planosConciliadoresContratoRegister,
  planosConciliadoresRegister, planosConciliadoresTaxasRegister, planosPosRegister, planosPosTaxasRegister, planosTerminalRegister, taxasAntecipacaoRegister,
  terminaisRegister, usuariosRegister,
} from '@concilia/domain';
import { eq, sql } from 'drizzle-orm';
import type { RegisterEntry } from '../register-kit/register-entry';
import { arquivosEntry } from './arquivos.source';
import { auditoriaTaxasEntry } from '../features/fee-audit/auditoria-taxas.source';
import { taxasNaoCadastradasEntry, unidadesNaoEncontradasEntry } from '../features/fee-audit/pendencias.source';
import { cadenciaArquivosEntry } from '../features/late-files/cadencia.source';
import { conferenciaBancariaEntry } from '../features/bank/conferencia-bancaria.source';
import { movimentosAbertosEntry, movimentosFechadosEntry } from '../features/billing/movimentos.source';
import { faturamentoMovimentoEntry } from '../features/billing/faturamento.source';
import { importacaoTicketEntry, pesquisaTicketEntry } from '../features/tickets/tickets.source';
import { approveSignUp } from '../features/sign-up/sign-up.service';
import { masterUsersEntries } from '../features/master-users/master-users.source';
import { dadosNfeEntry } from './dados-nfe.hooks';
import { perfisEntry } from './perfis.hooks';
import { planosPosEntry, planosPosTaxasEntry, planosTerminalEntry } from './planos-pos.hooks';
import { planosConciliadoresContratoEntry, planosConciliadoresEntry, planosConciliadoresTaxasEntry } from './planos-conciliadores.hooks';
import { terminaisEntry } from './terminais.hooks';
import { estabelecimentosEntry } from './estabelecimentos.hooks';
import { usuariosEntry } from './usuarios.hooks';
import { integracoesEntries } from './integracoes.hooks';
import { agendamentoIntegracaoEntry } from '../integrations/agendamento-integracao.hooks';
import { contasBancariasEntry } from './contas-bancarias.hooks';

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
    hooks: {
      beforeSave: (_ctx, values) => ({ ...values, tipo: 'CLIENTE' }),
      actions: { aprovarCadastro: (ctx, row, me) => approveSignUp(ctx, row.codpessoa as number, me.codusuario) },
    },
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
  { def: estabelecimentosRegister, ...estabelecimentosEntry },
  { def: planosConciliadoresRegister, ...planosConciliadoresEntry },
  { def: planosPosRegister, ...planosPosEntry },
  { def: dadosNfeRegister, ...dadosNfeEntry },
  { def: contasBancariasRegister, ...contasBancariasEntry },
  // Sublists (SUBLISTS): rows that hang from a row of another register, opened from it.
  { def: planosConciliadoresContratoRegister, ...planosConciliadoresContratoEntry },
  { def: planosConciliadoresTaxasRegister, ...planosConciliadoresTaxasEntry },
  { def: planosTerminalRegister, ...planosTerminalEntry },
  { def: planosPosTaxasRegister, ...planosPosTaxasEntry },
  // Read-only list screens (LIST_SCREENS): rows from a query over what the engines produced.
  arquivosEntry(arquivosEmAbertoScreen, 'emAberto'),
  arquivosEntry(extratosOriginaisScreen, 'extratos'),
  arquivosEntry(manutencaoArquivosScreen, 'manutencao'),
  pesquisaTicketEntry,
  importacaoTicketEntry,
  auditoriaTaxasEntry,
  taxasNaoCadastradasEntry,
  movimentosAbertosEntry,
  movimentosFechadosEntry,
  faturamentoMovimentoEntry,
  unidadesNaoEncontradasEntry,
  cadenciaArquivosEntry,
  conferenciaBancariaEntry,
  // Integrações (INTEGRATION_SCREENS): the tabs of /app/integracao.
  ...integracoesEntries,
  { def: agendamentoIntegracaoRegister, ...agendamentoIntegracaoEntry },
  // The master-user lists: users a master may sign in as.
  ...masterUsersEntries,
];
