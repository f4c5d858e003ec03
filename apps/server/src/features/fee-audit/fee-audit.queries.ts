import { type Db, subtreeOf } from '@concilia/db';
import { type SQL, sql } from 'drizzle-orm';

/** The lists the fee-audit calls answer, scoped by the person hierarchy. */

type Executor = Pick<Db, 'execute'>;
export type Periodo = { de: string; ate: string };

const rowsOf = async (db: Executor, q: SQL) => ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export type TaxaNaoCadastrada = {
  codoperadora: number;
  operadora: string;
  /** the operator's own product code, as its file carries it */
  produto: string | null;
  produtonome: string | null;
  /** the generic product the code maps to; null when the code has no mapping (the first thing to register) */
  codprodutos: number | null;
  nomeproduto: string | null;
  totparcelas: number;
  quantidade: number;
  valorbruto: number;
  valortaxa: number;
};

/**
 * Operator / product / installments of the audited sales no rate fits, in `escopo` (the caller's subtree, or a
 * person of it), with how many sales and their gross and charged fee.
 */
export async function listTaxasNaoCadastradas(db: Executor, escopo: SQL, periodo: Periodo): Promise<TaxaNaoCadastrada[]> {
  const rows = await rowsOf(db, sql`
    SELECT a.codoperadora, o.nome AS operadora, l.produto, max(l.produtonome) AS produtonome, a.codprodutos, pr.nome AS nomeproduto,
           greatest(coalesce(l.totparcelas, 1), 1)::int AS totparcelas, count(*)::int AS quantidade,
           coalesce(sum(l.valorbruto), 0)::text AS valorbruto, coalesce(sum(a.taxacobrada), 0)::text AS valortaxa
    FROM auditoria_taxas a
    JOIN linhas_operadora l ON l.codlinha = a.codlinha
    JOIN operadoras o ON o.codoperadora = a.codoperadora
    LEFT JOIN produtos pr ON pr.codprodutos = a.codprodutos
    WHERE a.situacao = 'nao_cadastrada' AND a.datavenda BETWEEN ${periodo.de}::date AND ${periodo.ate}::date AND a.codpessoa IN ${escopo}
    GROUP BY a.codoperadora, o.nome, l.produto, a.codprodutos, pr.nome, greatest(coalesce(l.totparcelas, 1), 1)
    ORDER BY o.nome, l.produto, 7`);
  return rows.map((r) => ({
    codoperadora: Number(r.codoperadora), operadora: String(r.operadora), produto: (r.produto as string | null) ?? null,
    produtonome: (r.produtonome as string | null) ?? null, codprodutos: num(r.codprodutos), nomeproduto: (r.nomeproduto as string | null) ?? null,
    totparcelas: Number(r.totparcelas), quantidade: Number(r.quantidade), valorbruto: Number(r.valorbruto), valortaxa: Number(r.valortaxa),
  }));
}

export type UnidadeNaoEncontrada = {
  codoperadora: number;
  operadora: string;
  /** the establishment code (EC / PV / StoneCode) no unit is registered for */
  estabelecimento: string;
  /** the owner of the file the lines were filed under (ingestion's fallback); null for unowned files */
  codpessoa: number | null;
  nomepessoa: string | null;
  quantidade: number;
  arquivos: number;
  primeiradata: string;
  ultimadata: string;
};

/**
 * Establishment codes in operator lines that no registered establishment has (ingestion then leaves codpessoa
 * null, or files the line under the file's owner). Visibility goes by the file: files owned in the caller's
 * subtree, and unowned files for the platform (`semDono`).
 */
export async function listUnidadesNaoEncontradas(db: Executor, codpessoa: number, semDono: boolean, periodo: Periodo): Promise<UnidadeNaoEncontrada[]> {
  const rows = await rowsOf(db, sql`
    SELECT l.codoperadora, o.nome AS operadora, l.estabelecimento, l.codpessoa, p.nome AS nomepessoa,
           count(*)::int AS quantidade, count(DISTINCT l.codarquivo)::int AS arquivos,
           min(l.data)::text AS primeiradata, max(l.data)::text AS ultimadata
    FROM linhas_operadora l
    JOIN arquivos f ON f.codarquivo = l.codarquivo
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
    WHERE l.data BETWEEN ${periodo.de}::date AND ${periodo.ate}::date
      AND (f.codpessoa IN ${subtreeOf(codpessoa)} ${semDono ? sql`OR f.codpessoa IS NULL` : sql``})
      AND NOT EXISTS (SELECT 1 FROM estabelecimentos e WHERE e.codoperadora = l.codoperadora AND e.codexterno = l.estabelecimento)
    GROUP BY l.codoperadora, o.nome, l.estabelecimento, l.codpessoa, p.nome
    ORDER BY o.nome, l.estabelecimento, p.nome`);
  return rows.map((r) => ({
    codoperadora: Number(r.codoperadora), operadora: String(r.operadora), estabelecimento: String(r.estabelecimento),
    codpessoa: num(r.codpessoa), nomepessoa: (r.nomepessoa as string | null) ?? null, quantidade: Number(r.quantidade),
    arquivos: Number(r.arquivos), primeiradata: String(r.primeiradata), ultimadata: String(r.ultimadata),
  }));
}
