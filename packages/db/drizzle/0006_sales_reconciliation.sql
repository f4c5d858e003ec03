CREATE TABLE "conciliacoes_venda" (
	"codconciliacao" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conciliacoes_venda_codconciliacao_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1000),
	"codlinhasarqcli" bigint NOT NULL,
	"codlinha" bigint NOT NULL,
	"passo" text NOT NULL,
	"divergencias" text[] NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"criadoem" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conciliacoes_venda_codlinhasarqcli_unique" UNIQUE("codlinhasarqcli"),
	CONSTRAINT "conciliacoes_venda_codlinha_unique" UNIQUE("codlinha")
);
--> statement-breakpoint
CREATE INDEX "conciliacoes_venda_passo_idx" ON "conciliacoes_venda" USING btree ("passo");