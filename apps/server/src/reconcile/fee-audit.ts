import type { RawTransaction } from '@concilia/db';

/**
 * Fee audit (issue 5, "Fee audit"; spec part 2 §3): for each accepted operator sale, the fee the operator kept
 * against the fee the contracted rates give, in centavos, with the rate used. One set-based statement per
 * window: the audit of a day is rebuilt whole, so running it again (or after a reprocess) changes nothing.
 *
 * Which rate applies. A rate fits a sale when a contract is in force on the sale date (vigenciade ≤ data ≤
 * vigenciaate, both days included) for the sale's unit and operator — its unit row names the line's
 * establishment or none —, and the contract's plan has a rate for the operator, the product (the operator's
 * product code mapped through operadora_codigos_produto; an unmapped code fits nothing), the card's BIN when
 * the rate names one, the installments within de..ate and the gross within valorde..valorate (open bound when
 * null). When several fit, the most specific wins, in this order:
 *   1. a contract unit row naming the establishment over one for any establishment of the unit;
 *   2. the contract that started last (a renegotiation replaces the earlier contract on the days both cover);
 *   3. a rate with a BIN over a generic one;
 *   4. the narrowest installment range (ate − de);
 *   5. the narrowest value range: fewer open bounds first, then the smallest valorate − valorde;
 *   6. the lowest rate id (the rate registered first).
 *
 * The contracted fee, with the rate's tarifação:
 *   - tipotaxa 'P' (percent), tarifação 'V': round(gross × taxa / 100) — one fee on the sale total;
 *   - tipotaxa 'P', tarifação 'P': the gross split in n equal parts in centavos, the remainder on the first
 *     (as splitInstallments in the engine), the fee rounded on each part and summed:
 *     round(first × taxa / 100) + (n − 1) × round(part × taxa / 100);
 *   - tipotaxa 'V' (fixed centavos): valortaxa once per sale ('V') or once per installment ('P', × n).
 * Rounding is numeric round(), half away from zero, to the centavo; rates are numeric(9,4) and never floats.
 * diferenca = charged − contracted; 'ok' when |diferenca| ≤ tolerance, else 'divergente'; 'nao_cadastrada'
 * (contracted and diferenca null) when no rate fits, including sales of an unregistered establishment.
 * A fee the file does not write — the parser derived it (extras.derived, e.g. a Cielo v15 installment sale
 * read from its first installment line alone) — is never 'divergente': out of tolerance it is 'derivada'.
 *
 * The product of a sale: the catalogue product its decoded name is (the parsers name products by the
 * catalogue, and know what the code alone does not: a Getnet SM or Stone credit sold in installments is
 * 'Crédito parcelado loja'), else its operator code mapped through operadora_codigos_produto.
 */

/** The sales of the window with what the audit needs; the fee charged is the fee field, else gross − net. */
const SALES = `
  SELECT l.codlinha, l.codpessoa, l.codcliente, l.codoperadora, l.data, l.estabelecimento, l.valorbruto,
         coalesce(l.valortaxa, l.valorbruto - l.valorliquido) AS cobrada,
         greatest(coalesce(l.totparcelas, 1), 1)::int AS parcelas, left(l.cartao, 6) AS bin,
         coalesce(pn.codprodutos, m.codprodutos) AS codprodutos, (l.extras -> 'derived') IS NOT NULL AS derivada
  FROM linhas_operadora l
  LEFT JOIN produtos pn ON pn.nome = l.produtonome
  LEFT JOIN operadora_codigos_produto m ON m.codoperadora = l.codoperadora AND m.codigo = l.produto
  WHERE l.tipo = 'sale' AND l.aceita IS NOT FALSE AND l.data BETWEEN $1::date AND $2::date`;

/** Every (sale, rate) that fits, ranked by the rule above: rank 1 is the rate used. */
const FITTING = `
  SELECT v.codlinha, t.codplanosconciliadorestaxas, t.tarifacao, t.tipotaxa, t.taxa, t.valortaxa,
         row_number() OVER (PARTITION BY v.codlinha ORDER BY
           (u.codexterno IS NULL), c.vigenciade DESC, (t.bincartao IS NULL), t.ate - t.de,
           (t.valorde IS NULL)::int + (t.valorate IS NULL)::int, t.valorate - t.valorde, t.codplanosconciliadorestaxas) AS ordem
  FROM v
  JOIN planos_conciliadores_contrato_unidades u ON u.codpessoa = v.codpessoa AND u.codoperadora = v.codoperadora
   AND (u.codexterno IS NULL OR u.codexterno = v.estabelecimento)
  JOIN planos_conciliadores_contrato c ON c.codplanosconciliadorescontrato = u.codplanosconciliadorescontrato
   AND v.data BETWEEN c.vigenciade AND c.vigenciaate
  JOIN planos_conciliadores_taxas t ON t.codplanosconciliadores = c.codplanosconciliadores
   AND t.codoperadora = v.codoperadora AND t.codprodutos = v.codprodutos
   AND (t.bincartao IS NULL OR t.bincartao = v.bin)
   AND v.parcelas BETWEEN t.de AND t.ate
   AND (t.valorde IS NULL OR v.valorbruto >= t.valorde) AND (t.valorate IS NULL OR v.valorbruto <= t.valorate)`;

/** The contracted fee of sale v under rate r (see the formulas above); null when no rate. */
const CONTRACTED = `
  CASE
    WHEN r.codplanosconciliadorestaxas IS NULL THEN NULL
    WHEN r.tipotaxa = 'V' THEN coalesce(r.valortaxa, 0) * CASE WHEN r.tarifacao = 'P' THEN v.parcelas ELSE 1 END
    WHEN r.tarifacao = 'V' THEN round(v.valorbruto * r.taxa / 100)::bigint
    ELSE (round((v.valorbruto - (v.valorbruto / v.parcelas) * (v.parcelas - 1)) * r.taxa / 100)
          + (v.parcelas - 1) * round((v.valorbruto / v.parcelas) * r.taxa / 100))::bigint
  END`;

const AUDIT = `
  WITH v AS (${SALES}),
  r AS (SELECT * FROM (${FITTING}) f WHERE f.ordem = 1),
  calc AS (
    SELECT v.codlinha, v.codpessoa, v.codcliente, v.codoperadora, v.data, v.codprodutos, r.codplanosconciliadorestaxas,
           v.cobrada, v.derivada, ${CONTRACTED} AS contratada
    FROM v LEFT JOIN r ON r.codlinha = v.codlinha
  ),
  ins AS (
    INSERT INTO auditoria_taxas (codlinha, codpessoa, codcliente, codoperadora, datavenda, codprodutos, codplanosconciliadorestaxas,
      taxacobrada, taxacontratada, diferenca, situacao)
    SELECT codlinha, codpessoa, codcliente, codoperadora, data, codprodutos, codplanosconciliadorestaxas, cobrada, contratada,
           cobrada - contratada,
           CASE WHEN contratada IS NULL THEN 'nao_cadastrada'
                WHEN abs(cobrada - contratada) <= $3::bigint THEN 'ok'
                WHEN derivada THEN 'derivada' ELSE 'divergente' END
    FROM calc
    RETURNING situacao
  )
  SELECT count(*)::int AS auditadas,
         count(*) FILTER (WHERE situacao = 'divergente')::int AS divergentes,
         count(*) FILTER (WHERE situacao = 'nao_cadastrada')::int AS naocadastradas
  FROM ins`;

/**
 * A suggested tolerance: one centavo absorbs an operator rounding each installment the other way; anything
 * above is money. The anticipation totals use it (they are priced when asked).
 */
export const DEFAULT_FEE_TOLERANCE_CENTAVOS = 1;

export type FeeAuditResult = { auditadas: number; divergentes: number; naoCadastradas: number };

/**
 * Rebuilds the audit of the operator sales dated de..ate (business dates, inclusive). The window's rows go
 * first: lines a reprocess removed take their audit with them, and every sale is audited once.
 */
export async function auditFees(tx: RawTransaction, scope: { de: string; ate: string }, toleranceCentavos: number): Promise<FeeAuditResult> {
  if (!Number.isSafeInteger(toleranceCentavos) || toleranceCentavos < 0) throw new Error(`invalid tolerance ${toleranceCentavos}`);
  await tx.query(`DELETE FROM auditoria_taxas WHERE datavenda BETWEEN $1::date AND $2::date`, [scope.de, scope.ate]);
  const [row] = await tx.query<{ auditadas: number; divergentes: number; naocadastradas: number }>(AUDIT, [scope.de, scope.ate, toleranceCentavos]);
  return { auditadas: Number(row?.auditadas ?? 0), divergentes: Number(row?.divergentes ?? 0), naoCadastradas: Number(row?.naocadastradas ?? 0) };
}
