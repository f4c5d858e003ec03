import { conciliacoesBancarias, linhasBanco } from './bank.table';
import { linhasCliente, linhasOperadora } from './files.table';
import { pagamentosPrevistos, resumoPagamentosDia } from './payments.table';
import { auditoriaTaxas, conciliacoesVenda, decisoesPareamento, desconsideracoes, resumoVendasDia } from './reconciliation.table';

/**
 * The line tables — lines of operator, customer and bank files, and what the reconciliation derives from them
 * (pairs, decisions, expected payments, fee audit, bank check, daily summaries) — each carrying the tenant key
 * (`codcliente`, column-types.ts tenantKey). The tables a distributed PostgreSQL would shard by client; the
 * tenant-key test holds every table of the schema that names a line to this list.
 */
export const TENANT_KEYED_TABLES = [
  linhasOperadora, linhasCliente, linhasBanco, conciliacoesVenda, desconsideracoes, decisoesPareamento, auditoriaTaxas,
  pagamentosPrevistos, conciliacoesBancarias, resumoVendasDia, resumoPagamentosDia,
] as const;
