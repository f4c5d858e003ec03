-- Issue 22, ingestion: two of the operator line table's indexes cost a load more than their readers need
-- (docs/performance-ingest.md, each index's cost in PostgreSQL CPU on the same 722,000 lines).
-- The NSU index serves Pesquisar Ticket and the trace's first step, both on sales only: partial, it costs 0.6 s
-- of a load instead of 2.1 s. Its expression gets statistics of its own, which the planner otherwise reads only
-- from a whole-table index (without them it expects 320 rows per NSU instead of 1; with them the plan is the
-- same index scan as before, 0.20 ms against 0.56 ms).
DROP INDEX "linhas_operadora_nsu_idx";--> statement-breakpoint
CREATE INDEX "linhas_operadora_nsu_idx" ON "linhas_operadora" USING btree (ltrim("nsu", '0'),"data") WHERE "linhas_operadora"."tipo" = 'sale';--> statement-breakpoint
CREATE STATISTICS "linhas_operadora_nsu_stx" ON (ltrim("nsu", '0')) FROM "linhas_operadora";--> statement-breakpoint
-- The forecasts' index: the reconciliation reads a window's forecasts by sale date alone, which the old index's
-- leading columns (operator, establishment) did not give (a 3-day window: 538 → 29 ms); the trace's look-up by
-- establishment and NSU of a sale's day still finds them through the columns after the date.
DROP INDEX "linhas_operadora_previsao_idx";--> statement-breakpoint
CREATE INDEX "linhas_operadora_previsao_idx" ON "linhas_operadora" ("datavenda", "codoperadora", "estabelecimento")
  WHERE "tipo" = 'installmentForecast';--> statement-breakpoint
ANALYZE "linhas_operadora";
