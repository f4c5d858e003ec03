CREATE TABLE "arquivos" (
	"codarquivo" serial PRIMARY KEY NOT NULL,
	"codpessoa" integer,
	"codoperadora" integer,
	"tipo" text,
	"layout" text,
	"versao" text,
	"status" text NOT NULL,
	"origem" text NOT NULL,
	"nomearquivo" text NOT NULL,
	"mensagem" text,
	"dataenvio" date NOT NULL,
	"datarecebimento" timestamp with time zone DEFAULT now() NOT NULL,
	"dataprocessamento" timestamp with time zone,
	"sha256" text NOT NULL,
	"tamanho" bigint NOT NULL,
	"mapeamento" jsonb,
	"codusuario" integer,
	"linhas" integer DEFAULT 0 NOT NULL,
	"repetidas" integer DEFAULT 0 NOT NULL,
	"totais" jsonb
);
--> statement-breakpoint
CREATE TABLE "estabelecimentos" (
	"codestabelecimento" serial PRIMARY KEY NOT NULL,
	"codpessoa" integer NOT NULL,
	"codoperadora" integer NOT NULL,
	"codexterno" text NOT NULL,
	"nome" text,
	CONSTRAINT "estabelecimentos_operadora_codexterno_uq" UNIQUE("codoperadora","codexterno")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"queue" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "linhas_cliente" (
	"codlinhasarqcli" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "linhas_cliente_codlinhasarqcli_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1000),
	"codarquivo" integer NOT NULL,
	"linha" integer NOT NULL,
	"chave" uuid NOT NULL,
	"ocorrencia" integer NOT NULL,
	"codpessoa" integer,
	"codoperadora" integer,
	"estabelecimento" text,
	"nsu" text,
	"tid" text,
	"autorizacao" text,
	"terminal" text,
	"datavenda" date NOT NULL,
	"horavenda" text,
	"totparcelas" smallint NOT NULL,
	"valor" bigint NOT NULL,
	"bandeira" text,
	"produto" text,
	"codexterno" text,
	"nossonumero" text,
	"operadorainformada" text,
	"desconsiderado" boolean DEFAULT false NOT NULL,
	CONSTRAINT "linhas_cliente_chave_uq" UNIQUE("datavenda","chave","ocorrencia")
);
--> statement-breakpoint
CREATE TABLE "linhas_operadora" (
	"codlinha" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "linhas_operadora_codlinha_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1000),
	"codarquivo" integer NOT NULL,
	"linha" integer NOT NULL,
	"chave" uuid NOT NULL,
	"ocorrencia" integer NOT NULL,
	"tipo" text NOT NULL,
	"tiporegistro" text NOT NULL,
	"codoperadora" integer NOT NULL,
	"codpessoa" integer,
	"estabelecimento" text NOT NULL,
	"lote" text,
	"nsu" text,
	"autorizacao" text,
	"tid" text,
	"terminal" text,
	"data" date NOT NULL,
	"hora" text,
	"datavenda" date,
	"dataprevista" date,
	"valorbruto" bigint,
	"valortaxa" bigint,
	"valorliquido" bigint NOT NULL,
	"parcela" smallint,
	"totparcelas" smallint,
	"bandeira" text,
	"bandeiranome" text,
	"produto" text,
	"produtonome" text,
	"captura" text,
	"status" text,
	"aceita" boolean,
	"motivo" text,
	"motivonome" text,
	"cartao" text,
	"extras" jsonb,
	CONSTRAINT "linhas_operadora_chave_uq" UNIQUE("data","chave","ocorrencia")
);
--> statement-breakpoint
ALTER TABLE "arquivos" ADD CONSTRAINT "arquivos_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arquivos" ADD CONSTRAINT "arquivos_codoperadora_operadoras_codoperadora_fk" FOREIGN KEY ("codoperadora") REFERENCES "public"."operadoras"("codoperadora") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arquivos" ADD CONSTRAINT "arquivos_codusuario_usuarios_codusuario_fk" FOREIGN KEY ("codusuario") REFERENCES "public"."usuarios"("codusuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estabelecimentos" ADD CONSTRAINT "estabelecimentos_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estabelecimentos" ADD CONSTRAINT "estabelecimentos_codoperadora_operadoras_codoperadora_fk" FOREIGN KEY ("codoperadora") REFERENCES "public"."operadoras"("codoperadora") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "arquivos_sha_idx" ON "arquivos" USING btree (coalesce("codpessoa", 0),"sha256");--> statement-breakpoint
CREATE INDEX "arquivos_pessoa_idx" ON "arquivos" USING btree ("codpessoa");--> statement-breakpoint
CREATE INDEX "arquivos_envio_idx" ON "arquivos" USING btree ("dataenvio");--> statement-breakpoint
CREATE INDEX "arquivos_status_idx" ON "arquivos" USING btree ("status");--> statement-breakpoint
CREATE INDEX "estabelecimentos_pessoa_idx" ON "estabelecimentos" USING btree ("codpessoa");--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("queue","state","run_at");--> statement-breakpoint
CREATE INDEX "linhas_cliente_arquivo_idx" ON "linhas_cliente" USING brin ("codarquivo");--> statement-breakpoint
CREATE INDEX "linhas_operadora_arquivo_idx" ON "linhas_operadora" USING brin ("codarquivo");