CREATE TABLE "agendamentos_integracao" (
	"codagendamentointegracao" serial PRIMARY KEY NOT NULL,
	"codpessoa" integer NOT NULL,
	"codusuario" integer,
	"tipo" text NOT NULL,
	"codoperadora" integer,
	"conciliadores" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"unidadeconciliadora" integer,
	"contacorrente" text,
	"ajusteconsolidado" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	"datainiciogeracao" date NOT NULL,
	"protocolo" text NOT NULL,
	"host" text,
	"porta" integer,
	"login" text,
	"senha" text,
	"diretorioftp" text,
	"codbuckets3amazon" integer,
	"exibirenccliente" boolean DEFAULT false NOT NULL,
	"somenteajuste" boolean DEFAULT false NOT NULL,
	"hora" text DEFAULT '06:00' NOT NULL,
	"ultimadatagerada" date,
	"proximaexecucao" timestamp with time zone,
	"criadoem" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buckets_s3" (
	"codbuckets3amazon" serial PRIMARY KEY NOT NULL,
	"codpessoa" integer NOT NULL,
	"nome" text NOT NULL,
	"bucketname" text NOT NULL,
	"pasta" text,
	"keyid" text NOT NULL,
	"senha" text NOT NULL,
	"regiao" text DEFAULT 'sa-east-1' NOT NULL,
	"endpoint" text
);
--> statement-breakpoint
CREATE TABLE "chaves_api_integrador" (
	"codchave" serial PRIMARY KEY NOT NULL,
	"codpessoa" integer NOT NULL,
	"nome" text NOT NULL,
	"prefixo" text NOT NULL,
	"hash" text NOT NULL,
	"criadoem" timestamp with time zone DEFAULT now() NOT NULL,
	"criadopor" integer,
	"revogadaem" timestamp with time zone,
	"revogadapor" integer,
	"ultimousoem" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "codigos_operadora_totvs" (
	"codcodigooperadoratotvs" serial PRIMARY KEY NOT NULL,
	"codpessoa" integer NOT NULL,
	"codoperadora" integer NOT NULL,
	"codclifor" text NOT NULL,
	"loja" text,
	"natureza" text,
	CONSTRAINT "codigos_operadora_totvs_uq" UNIQUE("codpessoa","codoperadora")
);
--> statement-breakpoint
CREATE TABLE "execucoes_integracao" (
	"codexecucao" serial PRIMARY KEY NOT NULL,
	"codagendamentointegracao" integer NOT NULL,
	"datamovimento" date NOT NULL,
	"iniciadoem" timestamp with time zone DEFAULT now() NOT NULL,
	"terminadoem" timestamp with time zone,
	"status" text DEFAULT 'EXECUTANDO' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"arquivo" text,
	"linhas" integer,
	"bytes" bigint,
	"mensagem" text,
	CONSTRAINT "execucoes_integracao_dia_uq" UNIQUE("codagendamentointegracao","datamovimento")
);
--> statement-breakpoint
CREATE TABLE "integracoes_softexpress" (
	"codintegracaosoftexpress" serial PRIMARY KEY NOT NULL,
	"codpessoa" integer NOT NULL,
	"codigoloja" text NOT NULL,
	"cnpj" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"criadoem" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integracoes_softexpress_loja_uq" UNIQUE("codpessoa","codigoloja")
);
--> statement-breakpoint
CREATE TABLE "parametros_totvs" (
	"codparametrototvs" serial PRIMARY KEY NOT NULL,
	"codpessoa" integer NOT NULL,
	"codfilial" text,
	"opcional1" text,
	"opcional2" text,
	"coddepartamento" text,
	"codcentrocusto" text,
	"tipocontabil" text,
	"codmoeda" text,
	"codcontacaixa" text,
	"statuslancamento" text,
	"codcoligadaclifor" text,
	"codcoligadacontacaixa" text,
	"tiposacado" text,
	"codevento" text,
	CONSTRAINT "parametros_totvs_codpessoa_unique" UNIQUE("codpessoa")
);
--> statement-breakpoint
ALTER TABLE "linhas_cliente" ADD COLUMN "idintegrador" text;--> statement-breakpoint
ALTER TABLE "agendamentos_integracao" ADD CONSTRAINT "agendamentos_integracao_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamentos_integracao" ADD CONSTRAINT "agendamentos_integracao_codusuario_usuarios_codusuario_fk" FOREIGN KEY ("codusuario") REFERENCES "public"."usuarios"("codusuario") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamentos_integracao" ADD CONSTRAINT "agendamentos_integracao_codoperadora_operadoras_codoperadora_fk" FOREIGN KEY ("codoperadora") REFERENCES "public"."operadoras"("codoperadora") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamentos_integracao" ADD CONSTRAINT "agendamentos_integracao_unidadeconciliadora_pessoas_codpessoa_fk" FOREIGN KEY ("unidadeconciliadora") REFERENCES "public"."pessoas"("codpessoa") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamentos_integracao" ADD CONSTRAINT "agendamentos_integracao_codbuckets3amazon_buckets_s3_codbuckets3amazon_fk" FOREIGN KEY ("codbuckets3amazon") REFERENCES "public"."buckets_s3"("codbuckets3amazon") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buckets_s3" ADD CONSTRAINT "buckets_s3_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chaves_api_integrador" ADD CONSTRAINT "chaves_api_integrador_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chaves_api_integrador" ADD CONSTRAINT "chaves_api_integrador_criadopor_usuarios_codusuario_fk" FOREIGN KEY ("criadopor") REFERENCES "public"."usuarios"("codusuario") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chaves_api_integrador" ADD CONSTRAINT "chaves_api_integrador_revogadapor_usuarios_codusuario_fk" FOREIGN KEY ("revogadapor") REFERENCES "public"."usuarios"("codusuario") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codigos_operadora_totvs" ADD CONSTRAINT "codigos_operadora_totvs_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codigos_operadora_totvs" ADD CONSTRAINT "codigos_operadora_totvs_codoperadora_operadoras_codoperadora_fk" FOREIGN KEY ("codoperadora") REFERENCES "public"."operadoras"("codoperadora") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execucoes_integracao" ADD CONSTRAINT "execucoes_integracao_codagendamentointegracao_agendamentos_integracao_codagendamentointegracao_fk" FOREIGN KEY ("codagendamentointegracao") REFERENCES "public"."agendamentos_integracao"("codagendamentointegracao") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integracoes_softexpress" ADD CONSTRAINT "integracoes_softexpress_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parametros_totvs" ADD CONSTRAINT "parametros_totvs_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agendamentos_integracao_devidos_idx" ON "agendamentos_integracao" USING btree ("proximaexecucao") WHERE "agendamentos_integracao"."status" = 'A';--> statement-breakpoint
CREATE INDEX "agendamentos_integracao_pessoa_idx" ON "agendamentos_integracao" USING btree ("codpessoa");--> statement-breakpoint
CREATE INDEX "buckets_s3_pessoa_idx" ON "buckets_s3" USING btree ("codpessoa");--> statement-breakpoint
CREATE UNIQUE INDEX "chaves_api_integrador_hash_uq" ON "chaves_api_integrador" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "chaves_api_integrador_pessoa_idx" ON "chaves_api_integrador" USING btree ("codpessoa");--> statement-breakpoint
CREATE UNIQUE INDEX "linhas_cliente_integrador_uq" ON "linhas_cliente" USING btree ("codpessoa","idintegrador") WHERE "linhas_cliente"."idintegrador" IS NOT NULL;