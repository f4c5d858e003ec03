import { subtreeWithin } from '@concilia/db';
import { isGiven, taxasNaoCadastradasScreen, unidadesNaoEncontradasScreen } from '@concilia/domain';
import type { SessionUser } from '../auth/session.service';
import type { Ctx } from '../../graphql/context';
import type { RowWindow } from '../../register-kit/list-page';
import type { RegisterEntry, Row } from '../../register-kit/register-entry';
import { listTaxasNaoCadastradas, listUnidadesNaoEncontradas } from './fee-audit.queries';

/**
 * Taxas não cadastradas and Unidades não encontradas on the register kit: the rows of the spec's calls
 * (fee-audit.queries.ts, grouped and small: one per operator / product / installments, or per establishment
 * code), narrowed by the screen's filter and paged here. Each row's id is its group's key.
 */

const periodoOf = (f: Row) => ({ de: String(f.de), ate: String(f.ate) });
const page = (rows: Row[], window?: RowWindow) => (window ? rows.slice(window.offset, window.offset + window.limit) : rows);

async function taxasRows(ctx: Ctx, me: SessionUser, f: Row): Promise<Row[]> {
  const escopo = subtreeWithin(me.codpessoa, isGiven(f.codpessoa) ? Number(f.codpessoa) : null);
  const rows = await listTaxasNaoCadastradas(ctx.db, escopo, periodoOf(f));
  return rows
    .filter((r) => !isGiven(f.codoperadora) || r.codoperadora === Number(f.codoperadora))
    .map((r) => ({ ...r, id: `${r.codoperadora}|${r.produto ?? ''}|${r.totparcelas}`, nomeproduto: r.nomeproduto ?? r.produtonome }));
}

async function unidadesRows(ctx: Ctx, me: SessionUser, f: Row): Promise<Row[]> {
  const rows = await listUnidadesNaoEncontradas(ctx.db, me.codpessoa, me.codpessoapai === null, periodoOf(f));
  const busca = isGiven(f.estabelecimento) ? String(f.estabelecimento).trim().toLowerCase() : null;
  return rows
    .filter((r) => !isGiven(f.codoperadora) || r.codoperadora === Number(f.codoperadora))
    .filter((r) => !busca || r.estabelecimento.toLowerCase().includes(busca))
    .map((r) => ({ ...r, id: `${r.codoperadora}|${r.estabelecimento}|${r.codpessoa ?? ''}` }));
}

/** A list screen over one of those queries: the page, the count, and a row found by its id within the caller's rows. */
function groupedSource(rowsOf: (ctx: Ctx, me: SessionUser, f: Row) => Promise<Row[]>): NonNullable<RegisterEntry['source']> {
  return {
    list: async (ctx, me, f, window) => page(await rowsOf(ctx, me, f), window),
    count: async (ctx, me, f) => (await rowsOf(ctx, me, f)).length,
    // no get call and no row action reads a row back: the 'open' action works from the row the list gave
    find: async () => null,
  };
}

export const taxasNaoCadastradasEntry: RegisterEntry = { def: taxasNaoCadastradasScreen, source: groupedSource(taxasRows) };
export const unidadesNaoEncontradasEntry: RegisterEntry = { def: unidadesNaoEncontradasScreen, source: groupedSource(unidadesRows) };
