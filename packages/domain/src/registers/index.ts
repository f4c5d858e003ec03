import type { AnyRegisterDef } from '../register-kit/register';
import { ARQUIVO_SCREENS } from './arquivos.resource';
import { TICKET_SCREENS } from '../tickets/tickets.resource';
import { BILLING_SCREENS } from '../billing/movimentos.resource';
import { cadenciaArquivosScreen } from '../late-files/cadencia-arquivos.resource';
import { conferenciaBancariaScreen } from '../bank/conferencia-bancaria.resource';
import { auditoriaTaxasScreen } from '../fee-audit/auditoria-taxas.resource';
import { taxasNaoCadastradasScreen, unidadesNaoEncontradasScreen } from '../fee-audit/pendencias.resource';
import { clientesRegister } from './clientes.resource';
import { dadosNfeRegister } from './dados-nfe.resource';
import { estabelecimentosRegister } from './estabelecimentos.resource';
import { perfisRegister } from './perfis.resource';
import { planosPosRegister, planosPosTaxasRegister, planosTerminalRegister } from './planos-pos.resource';
import { planosConciliadoresContratoRegister, planosConciliadoresRegister, planosConciliadoresTaxasRegister } from './planos-conciliadores.resource';
import { taxasAntecipacaoRegister } from './taxas-antecipacao.resource';
import { contasBancariasRegister } from '../bank/contas-bancarias.resource';
import { terminaisRegister } from './terminais.resource';
import { usuariosRegister } from './usuarios.resource';

export * from './arquivos.resource';
export * from './clientes.resource';
export * from './dados-nfe.resource';
export * from './estabelecimentos.resource';
export * from './perfis.resource';
export * from './planos-conciliadores.resource';
export * from './planos-pos.resource';
export * from './taxas-antecipacao.resource';
export * from './terminais.resource';
export * from './usuarios.resource';
export * from './mestres.resource';
export * from '../fee-audit/auditoria-taxas.resource';
export * from '../fee-audit/pendencias.resource';
export * from '../billing/movimentos.resource';
export * from '../integrations/integration-screens';
export * from '../bank/conferencia-bancaria.resource';
export * from '../bank/contas-bancarias.resource';

/** Every register of the product: the server builds its API from this list, the web its screens. */
export const REGISTERS = [
  clientesRegister, usuariosRegister, perfisRegister, terminaisRegister, estabelecimentosRegister, taxasAntecipacaoRegister, planosConciliadoresRegister,
  planosPosRegister, dadosNfeRegister, contasBancariasRegister,
] as const;

/**
 * The sublists (RegisterDef.parent): registers without a page of their own, opened from a parent row's
 * 'sublist' action. Same generic server mechanism and screen; the seed gives them no menu entry.
 */
export const SUBLISTS = [
  planosConciliadoresContratoRegister, planosConciliadoresTaxasRegister, planosTerminalRegister, planosPosTaxasRegister,
] as const;

/**
 * The read-only list screens built on the register kit (files, tickets): same declaration, same generic
 * server mechanism and screen, but over what the engines produced. Every profile gets them (the seed
 * keeps only the editing registers for maintainers); their titles and paths come from here too.
 */
export const LIST_SCREENS: readonly AnyRegisterDef[] = [
  ...ARQUIVO_SCREENS, ...TICKET_SCREENS, auditoriaTaxasScreen, taxasNaoCadastradasScreen, unidadesNaoEncontradasScreen, ...BILLING_SCREENS, cadenciaArquivosScreen,
  conferenciaBancariaScreen,
];

/**
 * The largest multipart body a register's save may need: the sum of its file fields' limits (Dados NFe: a
 * 5 MB logo and a 500 KB certificate). The request guard lets multipart requests grow to it, and each file is
 * then held to its own field's limit by the server's register kit.
 */
export const REGISTER_UPLOAD_BYTES = Math.max(0, ...[...REGISTERS, ...SUBLISTS].map((d) =>
  Object.values(d.fields as Record<string, { file?: { maxBytes: number } }>).reduce((sum, f) => sum + (f.file?.maxBytes ?? 0), 0)));
export * from './register-pages';
