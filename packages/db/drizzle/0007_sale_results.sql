-- A sale's cancellation or chargeback names it by establishment, NSU and sale date: a small partial index
-- (corrections are few) keeps the result lookup cheap.
CREATE INDEX "linhas_operadora_correcao_idx" ON "linhas_operadora" ("codoperadora", "estabelecimento", "nsu", "datavenda")
  WHERE "tipo" IN ('cancellation', 'chargeback');
--> statement-breakpoint
-- The result of each operator sale (vocabulary of SALE_RESULTS in packages/domain/src/reconciliation.ts).
CREATE VIEW "resultado_venda_operadora" AS
SELECT o."codlinha", o."codarquivo", o."codpessoa", o."codoperadora", o."estabelecimento", o."data" AS "datavenda",
       o."nsu", o."autorizacao", o."valorbruto", m."codlinhasarqcli", m."passo", m."divergencias",
       CASE
         WHEN EXISTS (SELECT 1 FROM "linhas_operadora" x WHERE x."tipo" = 'chargeback' AND x."codoperadora" = o."codoperadora"
                      AND x."estabelecimento" = o."estabelecimento" AND x."nsu" = o."nsu" AND x."datavenda" = o."data") THEN 'chargeback'
         WHEN EXISTS (SELECT 1 FROM "linhas_operadora" x WHERE x."tipo" = 'cancellation' AND x."codoperadora" = o."codoperadora"
                      AND x."estabelecimento" = o."estabelecimento" AND x."nsu" = o."nsu" AND x."datavenda" = o."data") THEN 'cancelado'
         WHEN m."codlinha" IS NULL THEN 'somente_operadora'
         WHEN cardinality(m."divergencias") > 0 THEN 'conciliado_divergencia'
         ELSE 'conciliado'
       END AS "resultado"
FROM "linhas_operadora" o LEFT JOIN "conciliacoes_venda" m ON m."codlinha" = o."codlinha"
WHERE o."tipo" = 'sale';
--> statement-breakpoint
-- The result of each customer sale: its own state first (disregarded, a repeat in its file), then its pair's.
CREATE VIEW "resultado_venda_cliente" AS
SELECT c."codlinhasarqcli", c."codarquivo", c."codpessoa", c."codoperadora", c."datavenda", c."nsu", c."autorizacao",
       c."valor", m."codlinha", m."passo", m."divergencias",
       CASE
         WHEN c."desconsiderado" THEN 'desconsiderado'
         WHEN c."ocorrencia" > 1 THEN 'duplicado'
         WHEN m."codlinha" IS NULL THEN 'somente_cliente'
         ELSE r."resultado"
       END AS "resultado"
FROM "linhas_cliente" c
  LEFT JOIN "conciliacoes_venda" m ON m."codlinhasarqcli" = c."codlinhasarqcli"
  LEFT JOIN "resultado_venda_operadora" r ON r."codlinha" = m."codlinha";
