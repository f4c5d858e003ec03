CREATE TABLE "conciliacoes_bancarias" (
	"codconciliacaobancaria" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conciliacoes_bancarias_codconciliacaobancaria_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1000),
	"grupo" bigint NOT NULL,
	"codpessoa" integer NOT NULL,
	"codcontabancaria" integer,
	"codlinha" bigint,
	"codlinhabanco" bigint,
	"resultado" text NOT NULL,
	"regra" text,
	"diferenca" bigint DEFAULT 0 NOT NULL,
	"atualizadoem" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contas_bancarias" (
	"codcontabancaria" serial PRIMARY KEY NOT NULL,
	"codpessoa" integer NOT NULL,
	"banco" text NOT NULL,
	"agencia" text NOT NULL,
	"conta" text NOT NULL,
	"digito" text,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"criadoem" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contas_bancarias_conta_uq" UNIQUE("banco","agencia","conta")
);
--> statement-breakpoint
CREATE TABLE "linhas_banco" (
	"codlinhabanco" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "linhas_banco_codlinhabanco_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1000),
	"codarquivo" integer NOT NULL,
	"linha" integer NOT NULL,
	"chave" uuid NOT NULL,
	"ocorrencia" integer NOT NULL,
	"codcontabancaria" integer NOT NULL,
	"codpessoa" integer NOT NULL,
	"data" date NOT NULL,
	"natureza" text NOT NULL,
	"valor" bigint NOT NULL,
	"historico" text,
	"documento" text,
	"codigohistorico" text,
	"categoria" text,
	CONSTRAINT "linhas_banco_chave_uq" UNIQUE("data","chave","ocorrencia")
);
--> statement-breakpoint
ALTER TABLE "contas_bancarias" ADD CONSTRAINT "contas_bancarias_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linhas_banco" ADD CONSTRAINT "linhas_banco_codcontabancaria_contas_bancarias_codcontabancaria_fk" FOREIGN KEY ("codcontabancaria") REFERENCES "public"."contas_bancarias"("codcontabancaria") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conciliacoes_bancarias_linha_uq" ON "conciliacoes_bancarias" USING btree ("codlinha") WHERE "conciliacoes_bancarias"."codlinha" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conciliacoes_bancarias_banco_uq" ON "conciliacoes_bancarias" USING btree ("codlinhabanco") WHERE "conciliacoes_bancarias"."codlinhabanco" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "conciliacoes_bancarias_grupo_idx" ON "conciliacoes_bancarias" USING btree ("grupo");--> statement-breakpoint
CREATE INDEX "conciliacoes_bancarias_pessoa_idx" ON "conciliacoes_bancarias" USING btree ("codpessoa","resultado");--> statement-breakpoint
CREATE INDEX "contas_bancarias_pessoa_idx" ON "contas_bancarias" USING btree ("codpessoa");--> statement-breakpoint
CREATE INDEX "linhas_banco_arquivo_idx" ON "linhas_banco" USING brin ("codarquivo");--> statement-breakpoint
CREATE INDEX "linhas_banco_conta_data_idx" ON "linhas_banco" USING btree ("codcontabancaria","data");