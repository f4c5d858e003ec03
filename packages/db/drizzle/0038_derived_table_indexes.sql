-- Issue 22, reconciliation: two indexes of a status column (eight and four values) were kept up on every row the
-- payments and fee steps write — 1.68M expected payments and 980k fee audits per million sales — for no reader
-- that needs them: every screen and report that filters by situacao also filters by unit and date, which the
-- tables' other indexes serve. The one statement that reads by status alone (ageOpenPayments: 'a_vencer' whose date
-- has passed) gets a partial index of exactly that. Measured on 1.68M generated expected payments, inserted into
-- a copy of the table with each set of indexes, alternated (load ≈ 1): 18.7 / 18.4 s → 17.0 / 14.6 s.
DROP INDEX "auditoria_taxas_situacao_idx";--> statement-breakpoint
DROP INDEX "pagamentos_previstos_situacao_idx";--> statement-breakpoint
CREATE INDEX "pagamentos_previstos_a_vencer_idx" ON "pagamentos_previstos" USING btree ("dataprevista") WHERE "pagamentos_previstos"."situacao" = 'a_vencer';
