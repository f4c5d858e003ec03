import type { Db } from '@concilia/db';
import { type SQL, sql } from 'drizzle-orm';
import type { MovimentoLinha, MovimentoMensalidade, MovimentoValores } from '../invoice-documents/movimento-report';

/**
 * What a reseller bills its clients for the POS terminals it places (issue 18; spec part 2 §3 "Billing
 * movement", "POS plan"). One set of CTEs serves the open periods (Movimentos Abertos), the closing that
 * freezes one, and the forecast (Fechamento de Movimento Previsão): the same rule is written once.
 *
 * What is billed:
 *   - every accepted operator sale (tipo 'sale') made on a terminal of the client — the line's terminal is the
 *     terminal's codexterno, at its operator when the terminal names one, in an establishment of the client or of
 *     its units — on a day a POS contract (Planos Terminal) is in force on that terminal, that no closed movement
 *     holds yet, up to the period's last day. Sales of days already closed that arrive late (a late file) are not
 *     lost: they fall into the next open period, and the screen counts them (atrasadas).
 *   - the monthly fee of each active terminal whose contract's plan charges one (cobramensalidade 'S'): once per
 *     terminal and month, in the period that holds the month's cut-off day (diacorte; the month's last day when
 *     it has fewer days), from the terminal's datainiciocobranca, on a day its contract is in force.
 * The rate: the plan of the contract in force on the sale's day (the one that started last when two are), its
 * product (the catalogue product the line names, else the operator's code mapped) and the installment range
 * that holds the sale's installments; none fits → 0 %. The fee, with the plan's tarifação:
 *   - 'V' (por valor): round(gross × taxa / 100), one fee on the sale's total;
 *   - 'P' (por parcela): the gross split in n equal parts in centavos, the remainder on the first (as the
 *     operators split installments), the fee rounded on each part: round(first × taxa / 100) + (n − 1) ×
 *     round(part × taxa / 100).
 * Rounding is numeric round(), half away from zero, to the centavo; rates are numeric(9,4), never floats.
 * The amounts:
 *   valorbruto = Σ gross; valorliquidoadm = Σ the operator's net; valorliquidoterminal = Σ (gross − the POS fee),
 *   what the merchant is owed under its POS plan; creditos = valorliquidoterminal (credited to the merchant);
 *   debitos = Σ monthly fees (charged to it); valorservico = (valorbruto − valorliquidoterminal) + debitos, the
 *   service the reseller invoices (the rates it charged plus the fees).
 */

type Executor = Pick<Db, 'execute'>;
const rowsOf = async (db: Executor, q: SQL) => ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
const int = (v: unknown) => Number(v ?? 0);

export type BillingScope = {
  /** the clients (persons of tipo CLIENTE) in scope, as a sub-select of codpessoa */
  clientes: SQL;
  /** the period's last day (YYYY-MM-DD) */
  ate: string;
  /** the forecast only: sales from this day … */
  de?: string;
  /** … on these weekdays (1 = Sunday … 7 = Saturday) */
  dias?: readonly number[];
};

/** The sales and monthly fees of the scope not billed yet, each priced: the CTEs `venda` and `mensalidade`. */
function pricedCtes(s: BillingScope): SQL {
  const forecast = s.de
    ? sql` AND l.data >= ${s.de}::date AND extract(dow FROM l.data)::int + 1 = ANY(${`{${(s.dias ?? []).join(',')}}`}::int[])`
    : sql``;
  const fees = s.de ? sql` AND corte >= ${s.de}::date AND extract(dow FROM corte)::int + 1 = ANY(${`{${(s.dias ?? []).join(',')}}`}::int[])` : sql``;
  return sql`
  cli AS (SELECT p.codpessoa, p.nome, p.codpessoapai FROM pessoas p WHERE p.tipo = 'CLIENTE' AND p.codpessoa IN ${s.clientes}),
  ultimo AS (SELECT m.codpessoa, max(m.filtroate) AS filtroate FROM movimentos m JOIN cli USING (codpessoa) GROUP BY m.codpessoa),
  term AS (
    SELECT t.codterminal, t.codexterno, t.codoperadora, t.codpessoacliente AS codpessoa, t.datainiciocobranca, t.ativo
    FROM terminais t JOIN cli ON cli.codpessoa = t.codpessoacliente),
  contrato AS (
    SELECT ptt.codterminal, pt.codplanos, pt.vigenciade, pt.vigenciaate
    FROM planos_terminal pt JOIN planos_terminal_terminais ptt ON ptt.codplanosterminal = pt.codplanosterminal
    JOIN term ON term.codterminal = ptt.codterminal),
  bruta AS (
    SELECT l.data, l.chave, l.ocorrencia, l.codoperadora, l.nsu, l.autorizacao, coalesce(l.produtonome, l.produto) AS produto,
           coalesce(l.valorbruto, l.valorliquido) AS valorbruto, l.valorliquido, greatest(coalesce(l.totparcelas, 1), 1)::int AS parcelas,
           coalesce(pn.codprodutos, m.codprodutos) AS codprodutos, term.codterminal, term.codexterno AS terminal, term.codpessoa
    FROM linhas_operadora l
    JOIN term ON term.codexterno = l.terminal AND (term.codoperadora IS NULL OR term.codoperadora = l.codoperadora)
    JOIN pessoas u ON u.codpessoa = l.codpessoa AND (u.codpessoa = term.codpessoa OR u.codpessoapai = term.codpessoa)
    LEFT JOIN produtos pn ON pn.nome = l.produtonome
    LEFT JOIN operadora_codigos_produto m ON m.codoperadora = l.codoperadora AND m.codigo = l.produto
    WHERE l.tipo = 'sale' AND l.aceita IS NOT FALSE AND l.data <= ${s.ate}::date${forecast}
      AND NOT EXISTS (SELECT 1 FROM movimento_linhas b WHERE b.data = l.data AND b.chave = l.chave AND b.ocorrencia = l.ocorrencia)),
  plano AS (
    SELECT b.*, c.codplanos, row_number() OVER (PARTITION BY b.data, b.chave, b.ocorrencia ORDER BY c.vigenciade DESC, c.codplanos) AS ordem
    FROM bruta b JOIN contrato c ON c.codterminal = b.codterminal AND b.data BETWEEN c.vigenciade AND c.vigenciaate),
  taxada AS (
    SELECT p.*, pp.tarifacao, coalesce((
      SELECT f.taxa FROM planos_pos_taxas pt JOIN planos_pos_taxas_faixas f ON f.codplanostaxas = pt.codplanostaxas
      WHERE pt.codplano = p.codplanos AND pt.codprodutos = p.codprodutos AND p.parcelas BETWEEN f.de AND f.ate
      ORDER BY f.ate - f.de, f.de LIMIT 1), 0) AS taxa
    FROM plano p JOIN planos_pos pp ON pp.codplano = p.codplanos WHERE p.ordem = 1),
  venda AS (
    SELECT t.*, t.valorbruto - (CASE
        WHEN t.tarifacao = 'V' THEN round(t.valorbruto * t.taxa / 100)
        ELSE round((t.valorbruto - (t.valorbruto / t.parcelas) * (t.parcelas - 1)) * t.taxa / 100)
             + (t.parcelas - 1) * round((t.valorbruto / t.parcelas) * t.taxa / 100)
      END)::bigint AS valorliquidoterminal
    FROM taxada t),
  mes AS (
    SELECT term.codterminal, term.codexterno AS terminal, term.codpessoa, term.datainiciocobranca, c.vigenciade, c.vigenciaate,
           pp.valormensalidade, gs::date AS competencia,
           make_date(extract(year FROM gs)::int, extract(month FROM gs)::int,
                     least(pp.diacorte, extract(day FROM gs + interval '1 month' - interval '1 day')::int)) AS corte
    FROM term JOIN contrato c ON c.codterminal = term.codterminal
    JOIN planos_pos pp ON pp.codplano = c.codplanos AND pp.cobramensalidade = 'S' AND pp.valormensalidade IS NOT NULL AND pp.diacorte IS NOT NULL
    CROSS JOIN LATERAL generate_series(date_trunc('month', c.vigenciade), date_trunc('month', least(c.vigenciaate, ${s.ate}::date)), interval '1 month') gs
    WHERE term.ativo),
  mensalidade AS (
    SELECT DISTINCT ON (codterminal, competencia) codterminal, terminal, codpessoa, competencia, corte, valormensalidade AS valor
    FROM mes
    WHERE corte BETWEEN vigenciade AND vigenciaate AND corte <= ${s.ate}::date AND (datainiciocobranca IS NULL OR corte >= datainiciocobranca)${fees}
      AND NOT EXISTS (SELECT 1 FROM movimento_mensalidades x WHERE x.codterminal = mes.codterminal AND x.competencia = mes.competencia)
    ORDER BY codterminal, competencia, vigenciade DESC)`;
}

export type OpenMovement = MovimentoValores & {
  codpessoa: number;
  codpessoafaturador: number;
  /** sales of days already closed that arrived after the closing: billed in this period */
  atrasadas: number;
  mensalidades: number;
};

/** The open period of each client in scope that has something to bill, up to `s.ate`. */
export async function openMovements(db: Executor, s: BillingScope): Promise<OpenMovement[]> {
  const rows = await rowsOf(db, sql`
    WITH ${pricedCtes(s)},
    v AS (SELECT codpessoa, count(*) AS quantidade, min(data) AS primeira, sum(valorbruto) AS valorbruto, sum(valorliquido) AS valorliquidoadm,
                 sum(valorliquidoterminal) AS valorliquidoterminal, max(data) AS ultima FROM venda GROUP BY codpessoa),
    f AS (SELECT codpessoa, count(*) AS mensalidades, sum(valor) AS debitos, min(corte) AS primeira FROM mensalidade GROUP BY codpessoa),
    late AS (SELECT venda.codpessoa, count(*) AS atrasadas FROM venda JOIN ultimo USING (codpessoa) WHERE venda.data <= ultimo.filtroate GROUP BY venda.codpessoa)
    SELECT cli.codpessoa, cli.nome, cli.codpessoapai AS codpessoafaturador,
           coalesce(ultimo.filtroate + 1, least(v.primeira, f.primeira))::text AS filtrode, ${s.ate}::text AS filtroate,
           coalesce(v.quantidade, 0) AS quantidade, coalesce(late.atrasadas, 0) AS atrasadas, coalesce(f.mensalidades, 0) AS mensalidades,
           coalesce(v.valorbruto, 0) AS valorbruto, coalesce(v.valorliquidoadm, 0) AS valorliquidoadm,
           coalesce(v.valorliquidoterminal, 0) AS valorliquidoterminal, coalesce(f.debitos, 0) AS debitos
    FROM cli LEFT JOIN v USING (codpessoa) LEFT JOIN f USING (codpessoa) LEFT JOIN ultimo USING (codpessoa) LEFT JOIN late USING (codpessoa)
    -- a client closed up to that day has no open period there: its late sales wait for the next one
    WHERE (v.codpessoa IS NOT NULL OR f.codpessoa IS NOT NULL) AND (ultimo.filtroate IS NULL OR ultimo.filtroate < ${s.ate}::date)
    ORDER BY cli.nome, cli.codpessoa`);
  return rows.map((r) => {
    const valorbruto = int(r.valorbruto);
    const valorliquidoterminal = int(r.valorliquidoterminal);
    const debitos = int(r.debitos);
    return {
      codpessoa: int(r.codpessoa), nome: String(r.nome), codpessoafaturador: int(r.codpessoafaturador),
      filtrode: String(r.filtrode), filtroate: String(r.filtroate), quantidade: int(r.quantidade), atrasadas: int(r.atrasadas),
      mensalidades: int(r.mensalidades), valorbruto, valorliquidoadm: int(r.valorliquidoadm), valorliquidoterminal,
      creditos: valorliquidoterminal, debitos, valorservico: valorbruto - valorliquidoterminal + debitos,
    };
  });
}

/**
 * Writes the movement of one client up to `ate` in the caller's transaction: the movement row with the open
 * period's amounts, and the sales and fees it billed, copied as billed. The caller holds the client's lock.
 */
export async function writeMovement(db: Executor, open: OpenMovement, codusuario: number): Promise<{ codmovimento: number; chave: string }> {
  const s: BillingScope = { clientes: sql`(SELECT ${open.codpessoa}::int)`, ate: open.filtroate };
  const [mov] = await rowsOf(db, sql`
    INSERT INTO movimentos (chave, codpessoa, codpessoafaturador, filtrode, filtroate, codusuario, quantidade, valorbruto, valorliquidoadm,
                            valorliquidoterminal, creditos, debitos, valorservico)
    VALUES (gen_random_uuid()::text, ${open.codpessoa}, ${open.codpessoafaturador}, ${open.filtrode}::date, ${open.filtroate}::date, ${codusuario},
            ${open.quantidade}, ${open.valorbruto}, ${open.valorliquidoadm}, ${open.valorliquidoterminal}, ${open.creditos}, ${open.debitos}, ${open.valorservico})
    RETURNING codmovimento, chave`);
  const codmovimento = int(mov!.codmovimento);
  await db.execute(sql`
    WITH ${pricedCtes(s)}
    INSERT INTO movimento_linhas (data, chave, ocorrencia, codmovimento, codterminal, codoperadora, datavenda, nsu, autorizacao, produto, parcelas,
                                  valorbruto, valorliquidoadm, taxaterminal, valorliquidoterminal)
    SELECT data, chave, ocorrencia, ${codmovimento}, codterminal, codoperadora, data, nsu, autorizacao, produto, parcelas,
           valorbruto, valorliquido, taxa, valorliquidoterminal FROM venda`);
  await db.execute(sql`
    WITH ${pricedCtes(s)}
    INSERT INTO movimento_mensalidades (codterminal, competencia, codmovimento, valor)
    SELECT codterminal, competencia, ${codmovimento}, valor FROM mensalidade`);
  return { codmovimento, chave: String(mov!.chave) };
}

/** What a closed movement billed, for its report. */
export async function billedOf(db: Executor, codmovimento: number): Promise<{ linhas: MovimentoLinha[]; mensalidades: MovimentoMensalidade[] }> {
  const linhas = await rowsOf(db, sql`
    SELECT b.datavenda::text AS datavenda, t.codexterno AS terminal, b.nsu, b.autorizacao, o.nome AS operadora, coalesce(b.produto, '') AS produto,
           b.parcelas, b.valorbruto, b.valorliquidoadm, b.valorliquidoterminal, b.taxaterminal::text AS taxaterminal
    FROM movimento_linhas b JOIN terminais t ON t.codterminal = b.codterminal JOIN operadoras o ON o.codoperadora = b.codoperadora
    WHERE b.codmovimento = ${codmovimento} ORDER BY b.datavenda, t.codexterno, b.nsu`);
  const mensalidades = await rowsOf(db, sql`
    SELECT t.codexterno AS terminal, to_char(x.competencia, 'YYYY-MM') AS competencia, x.valor
    FROM movimento_mensalidades x JOIN terminais t ON t.codterminal = x.codterminal
    WHERE x.codmovimento = ${codmovimento} ORDER BY x.competencia, t.codexterno`);
  return {
    linhas: linhas.map((r) => ({
      datavenda: String(r.datavenda), terminal: String(r.terminal), nsu: (r.nsu as string | null) ?? null, autorizacao: (r.autorizacao as string | null) ?? null,
      operadora: String(r.operadora), produto: String(r.produto), parcelas: int(r.parcelas), valorbruto: int(r.valorbruto),
      valorliquidoadm: int(r.valorliquidoadm), valorliquidoterminal: int(r.valorliquidoterminal), taxaterminal: String(r.taxaterminal),
    })),
    mensalidades: mensalidades.map((r) => ({ terminal: String(r.terminal), competencia: String(r.competencia), valor: int(r.valor) })),
  };
}

/** A person's Parâmetros 'Fecha Movimento' text, the group text its closing reports carry (spec part 2 §2.2). */
export async function fechaMovimentoText(db: Executor, codpessoa: number): Promise<string | null> {
  const [p] = await rowsOf(db, sql`SELECT texto FROM parametros WHERE codpessoa = ${codpessoa}`);
  return (p?.texto as string | null | undefined)?.trim() || null;
}
