import { bucketsS3, codigosOperadoraTotvs, integracoesSoftexpress, parametrosTotvs, pessoas, subtreeOf } from '@concilia/db';
import {
  ajustesIntegradosScreen, bucketsS3Register, codigosOperadoraTotvsRegister, isGiven, MSG, parametrosTotvsRegister, softExpressRegister,
} from '@concilia/domain';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SessionUser } from '../features/auth/session.service';
import type { Ctx } from '../graphql/context';
import { fieldError } from '../register-kit/field-error';
import type { RowWindow } from '../register-kit/list-page';
import type { RegisterEntry, Row } from '../register-kit/register-entry';

/**
 * Integrações (issue 20) on the register kit: the tabs of /app/integracao. Every row hangs from a client (a
 * SoftExpress registration: a client or one of its units) in the caller's subtree, which sees and changes it; the
 * bucket's secret key is sealed by the kit under that client (openSecret(config, bucketsS3Register, 'senha',
 * codpessoa, sealed) gives it back to the delivery, never to a query). Ajustes integrados is a read-only list over
 * the operators' adjustment lines and the integration deliveries of their days.
 */

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

/** The person `codpessoa` when it is of one of `tipos` and in the caller's subtree. */
async function ownPessoa(ctx: Ctx, me: SessionUser, codpessoa: unknown, tipos: ('CLIENTE' | 'UNIDADE')[]): Promise<boolean> {
  if (typeof codpessoa !== 'number') return false;
  const [p] = await ctx.db.select({ id: pessoas.codpessoa }).from(pessoas).where(and(
    eq(pessoas.codpessoa, codpessoa), inArray(pessoas.tipo, tipos), sql`${pessoas.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
  ));
  return !!p;
}

/** Another row of `table` with the same values of `same` than the one saved (none on insert): a duplicate. */
async function taken(ctx: Ctx, table: PgTable, idCol: PgColumn, same: [PgColumn, unknown][], existing: Row | null, id: string): Promise<boolean> {
  const [row] = await ctx.db.select({ id: idCol }).from(table).where(and(
    ...same.map(([c, v]) => eq(c, v)), existing ? ne(idCol, existing[id] as number) : undefined,
  )).limit(1);
  return !!row;
}

/** A register of a client's: seen and kept by the client's users and everyone above it. */
const ofClient = (codpessoa: PgColumn): Pick<RegisterEntry, 'visible' | 'ownerColumn'> => ({
  visible: (me) => sql`${codpessoa} IN ${subtreeOf(me.codpessoa)}`,
  ownerColumn: 'codpessoa',
});

const bucketsS3Entry: RegisterEntry = {
  def: bucketsS3Register,
  table: bucketsS3,
  ...ofClient(bucketsS3.codpessoa),
  hooks: {
    async beforeSave(ctx, values, { me }) {
      if (!(await ownPessoa(ctx, me, values.codpessoa, ['CLIENTE']))) throw fieldError('codpessoa', MSG.integracaoCadastroClienteInvalido);
      const regiao = String(values.regiao ?? '').trim() || 'sa-east-1';
      return { ...values, regiao };
    },
  },
};

const parametrosTotvsEntry: RegisterEntry = {
  def: parametrosTotvsRegister,
  table: parametrosTotvs,
  ...ofClient(parametrosTotvs.codpessoa),
  hooks: {
    async beforeSave(ctx, values, { me, existing }) {
      if (!(await ownPessoa(ctx, me, values.codpessoa, ['CLIENTE']))) throw fieldError('codpessoa', MSG.integracaoCadastroClienteInvalido);
      if (await taken(ctx, parametrosTotvs, parametrosTotvs.codparametrototvs, [[parametrosTotvs.codpessoa, values.codpessoa]], existing, 'codparametrototvs')) {
        throw fieldError('codpessoa', MSG.totvsParametrosJaCadastrados);
      }
      return values;
    },
  },
};

const codigosOperadoraTotvsEntry: RegisterEntry = {
  def: codigosOperadoraTotvsRegister,
  table: codigosOperadoraTotvs,
  ...ofClient(codigosOperadoraTotvs.codpessoa),
  hooks: {
    async beforeSave(ctx, values, { me, existing }) {
      if (!(await ownPessoa(ctx, me, values.codpessoa, ['CLIENTE']))) throw fieldError('codpessoa', MSG.integracaoCadastroClienteInvalido);
      const same: [PgColumn, unknown][] = [[codigosOperadoraTotvs.codpessoa, values.codpessoa], [codigosOperadoraTotvs.codoperadora, values.codoperadora]];
      if (await taken(ctx, codigosOperadoraTotvs, codigosOperadoraTotvs.codcodigooperadoratotvs, same, existing, 'codcodigooperadoratotvs')) {
        throw fieldError('codoperadora', MSG.totvsCodigoOperadoraDuplicado);
      }
      return values;
    },
  },
};

const softExpressEntry: RegisterEntry = {
  def: softExpressRegister,
  table: integracoesSoftexpress,
  ...ofClient(integracoesSoftexpress.codpessoa),
  hooks: {
    async beforeSave(ctx, values, { me, existing }) {
      if (!(await ownPessoa(ctx, me, values.codpessoa, ['CLIENTE', 'UNIDADE']))) throw fieldError('codpessoa', MSG.integracaoPessoaInvalida);
      const same: [PgColumn, unknown][] = [[integracoesSoftexpress.codpessoa, values.codpessoa], [integracoesSoftexpress.codigoloja, values.codigoloja]];
      if (await taken(ctx, integracoesSoftexpress, integracoesSoftexpress.codintegracaosoftexpress, same, existing, 'codintegracaosoftexpress')) {
        throw fieldError('codigoloja', MSG.softExpressLojaDuplicada);
      }
      return values;
    },
  },
};

/**
 * The operator's adjustment lines of the caller's units, each with the delivery that carried its day: the first
 * ENTREGUE execution, for the adjustment's date, of an active integration schedule of the unit or of its client that
 * covers the unit (all units, or this one) and the operator (every one, the one, or among its several).
 */
function ajustesQuery(me: SessionUser, f: Row, extra: SQL = sql``): SQL {
  const conds: SQL[] = [];
  if (isGiven(f.de)) conds.push(sql`AND l.data >= ${String(f.de)}::date`);
  if (isGiven(f.ate)) conds.push(sql`AND l.data <= ${String(f.ate)}::date`);
  if (isGiven(f.codoperadora)) conds.push(sql`AND l.codoperadora = ${Number(f.codoperadora)}`);
  if (isGiven(f.codpessoa)) conds.push(sql`AND l.codpessoa = ${Number(f.codpessoa)}`);
  if (isGiven(f.estabelecimento)) conds.push(sql`AND l.estabelecimento ILIKE ${`%${String(f.estabelecimento).trim().replace(/[\\%_]/g, '\\$&')}%`}`);
  if (f.integrado === 'S') conds.push(sql`AND e.terminadoem IS NOT NULL`);
  if (f.integrado === 'N') conds.push(sql`AND e.terminadoem IS NULL`);
  return sql`
    SELECT l.codlinha, l.data::text AS data, l.codoperadora, l.codpessoa, l.estabelecimento,
      nullif(concat_ws(' - ', nullif(l.motivo, ''), nullif(l.motivonome, '')), '') AS motivo, l.valorliquido AS valor,
      e.terminadoem AS integradoem, e.arquivo
    FROM linhas_operadora l
    JOIN pessoas u ON u.codpessoa = l.codpessoa
    LEFT JOIN LATERAL (
      SELECT x.terminadoem, x.arquivo FROM execucoes_integracao x
      JOIN agendamentos_integracao a ON a.codagendamentointegracao = x.codagendamentointegracao
      WHERE x.status = 'ENTREGUE' AND x.datamovimento = l.data AND a.status = 'A'
        AND a.codpessoa IN (l.codpessoa, u.codpessoapai)
        AND (a.unidadeconciliadora IS NULL OR a.unidadeconciliadora = l.codpessoa)
        AND CASE WHEN cardinality(a.conciliadores) > 0 THEN l.codoperadora = ANY(a.conciliadores)
                 ELSE a.codoperadora IS NULL OR a.codoperadora = l.codoperadora END
      ORDER BY x.terminadoem NULLS LAST, x.codexecucao
      LIMIT 1
    ) e ON true
    WHERE l.tipo = 'adjustment' AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${sql.join(conds, sql` `)} ${extra}`;
}

const ajusteRow = (r: Row): Row => ({
  codlinha: Number(r.codlinha), data: r.data, codoperadora: Number(r.codoperadora), codpessoa: Number(r.codpessoa),
  estabelecimento: r.estabelecimento, motivo: r.motivo ?? null, valor: Number(r.valor),
  integradoem: r.integradoem == null ? null : new Date(r.integradoem as string | Date).toISOString(), arquivo: r.arquivo ?? null,
});

async function ajustes(ctx: Ctx, me: SessionUser, f: Row, window?: RowWindow): Promise<Row[]> {
  const page = window ? sql`LIMIT ${window.limit} OFFSET ${window.offset}` : sql``;
  return rowsOf<Row>(await ctx.db.execute(sql`${ajustesQuery(me, f)} ORDER BY l.data DESC, l.codlinha DESC ${page}`)).map(ajusteRow);
}

const ajustesIntegradosEntry: RegisterEntry = {
  def: ajustesIntegradosScreen,
  source: {
    list: (ctx, me, f, window) => ajustes(ctx, me, f, window),
    count: async (ctx, me, f) => Number(rowsOf<{ n: unknown }>(await ctx.db.execute(sql`SELECT count(*) AS n FROM (${ajustesQuery(me, f)}) q`))[0]?.n ?? 0),
    // getIntegracaoAjuste: one adjustment by its line's code, when it is one of the caller's units'
    async find(ctx, me, key) {
      const codlinha = Number(key.codlinha);
      if (!Number.isSafeInteger(codlinha)) return null;
      const [row] = rowsOf<Row>(await ctx.db.execute(sql`${ajustesQuery(me, {}, sql`AND l.codlinha = ${codlinha}`)} LIMIT 1`));
      return row ? ajusteRow(row) : null;
    },
  },
};

/** The entries of INTEGRATION_SCREENS, for the server's REGISTRY. */
export const integracoesEntries: RegisterEntry[] = [bucketsS3Entry, parametrosTotvsEntry, codigosOperadoraTotvsEntry, softExpressEntry, ajustesIntegradosEntry];
