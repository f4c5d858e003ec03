CREATE TABLE "pagamentos_previstos" (
	"codpagamento" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pagamentos_previstos_codpagamento_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1000),
	"codlinha" bigint NOT NULL,
	"parcela" smallint NOT NULL,
	"totparcelas" smallint NOT NULL,
	"codpessoa" integer,
	"codoperadora" integer NOT NULL,
	"estabelecimento" text NOT NULL,
	"lote" text,
	"nsu" text,
	"bandeira" text,
	"produto" text,
	"datavenda" date NOT NULL,
	"dataprevista" date NOT NULL,
	"valorbrutoprevisto" bigint,
	"valorprevisto" bigint NOT NULL,
	"origem" text NOT NULL,
	"codlinhaprevisao" bigint,
	"codlinhapagamento" bigint,
	"tipopagamento" text,
	"datapagamento" date,
	"valorpago" bigint,
	"custoantecipacao" bigint,
	"codlinhaajuste" bigint,
	"tipoajuste" text,
	"motivo" text,
	"motivonome" text,
	"situacao" text NOT NULL,
	CONSTRAINT "pagamentos_previstos_linha_parcela_uq" UNIQUE("codlinha","parcela")
);
--> statement-breakpoint
CREATE TABLE "resumo_pagamentos_dia" (
	"data" date NOT NULL,
	"codpessoa" integer NOT NULL,
	"codoperadora" integer NOT NULL,
	"bandeira" text NOT NULL,
	"produto" text NOT NULL,
	"parcelas" integer NOT NULL,
	"previsto" bigint NOT NULL,
	"pago" bigint NOT NULL,
	"antecipado" bigint NOT NULL,
	"custoantecipacao" bigint NOT NULL,
	"emaberto" bigint NOT NULL,
	"avencer" bigint NOT NULL,
	"ajustado" bigint NOT NULL,
	"divergentes" integer NOT NULL,
	CONSTRAINT "resumo_pagamentos_dia_data_codpessoa_codoperadora_bandeira_produto_pk" PRIMARY KEY("data","codpessoa","codoperadora","bandeira","produto")
);
--> statement-breakpoint
CREATE INDEX "pagamentos_previstos_venda_idx" ON "pagamentos_previstos" USING btree ("datavenda");--> statement-breakpoint
CREATE INDEX "pagamentos_previstos_prevista_idx" ON "pagamentos_previstos" USING btree ("dataprevista","codpessoa");--> statement-breakpoint
CREATE INDEX "pagamentos_previstos_situacao_idx" ON "pagamentos_previstos" USING btree ("situacao");--> statement-breakpoint
-- Payment reconciliation looks up forecasts, settlements and anticipations of the window's sales by the keys the
-- operator names them with. Partial indexes: only those kinds pay their upkeep, a sale line's load does not.
CREATE INDEX "linhas_operadora_previsao_idx" ON "linhas_operadora" ("codoperadora", "estabelecimento", "datavenda", "lote")
  WHERE "tipo" = 'installmentForecast';
--> statement-breakpoint
CREATE INDEX "linhas_operadora_liquidacao_idx" ON "linhas_operadora" ("codoperadora", "estabelecimento", "nsu", "datavenda")
  WHERE "tipo" = 'settlement';
--> statement-breakpoint
CREATE INDEX "linhas_operadora_liquidacao_lote_idx" ON "linhas_operadora" ("codoperadora", "estabelecimento", "lote")
  WHERE "tipo" IN ('settlement', 'anticipation');
--> statement-breakpoint
CREATE INDEX "linhas_operadora_antecipacao_idx" ON "linhas_operadora" ("codoperadora", "estabelecimento", "dataprevista")
  WHERE "tipo" = 'anticipation';
