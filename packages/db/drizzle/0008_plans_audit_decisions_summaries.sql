CREATE TABLE "auditoria_taxas" (
	"codlinha" bigint PRIMARY KEY NOT NULL,
	"codpessoa" integer,
	"codoperadora" integer NOT NULL,
	"datavenda" date NOT NULL,
	"codprodutos" integer,
	"codplanosconciliadorestaxas" integer,
	"taxacobrada" bigint NOT NULL,
	"taxacontratada" bigint,
	"diferenca" bigint,
	"situacao" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "decisoes_pareamento" (
	"coddecisao" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "decisoes_pareamento_coddecisao_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"acao" text NOT NULL,
	"datacliente" date NOT NULL,
	"chavecliente" uuid NOT NULL,
	"ocorrenciacliente" integer NOT NULL,
	"dataoperadora" date NOT NULL,
	"chaveoperadora" uuid NOT NULL,
	"ocorrenciaoperadora" integer NOT NULL,
	"codusuario" integer,
	"criadoem" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decisoes_pareamento_cliente_uq" UNIQUE("datacliente","chavecliente","ocorrenciacliente","acao")
);
--> statement-breakpoint
CREATE TABLE "desconsideracoes" (
	"datavenda" date NOT NULL,
	"chave" uuid NOT NULL,
	"ocorrencia" integer NOT NULL,
	"codusuario" integer,
	"criadoem" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desconsideracoes_datavenda_chave_ocorrencia_pk" PRIMARY KEY("datavenda","chave","ocorrencia")
);
--> statement-breakpoint
CREATE TABLE "resumo_vendas_dia" (
	"data" date NOT NULL,
	"codpessoa" integer NOT NULL,
	"codoperadora" integer NOT NULL,
	"bandeira" text NOT NULL,
	"produto" text NOT NULL,
	"hora" integer NOT NULL,
	"quantidade" integer NOT NULL,
	"bruto" bigint NOT NULL,
	"taxa" bigint NOT NULL,
	"liquido" bigint NOT NULL,
	"conciliadas" integer NOT NULL,
	CONSTRAINT "resumo_vendas_dia_pk" PRIMARY KEY("data","codpessoa","codoperadora","bandeira","produto","hora")
);
--> statement-breakpoint
CREATE TABLE "planos_conciliadores" (
	"codplanosconciliadores" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"codpessoapai" integer NOT NULL,
	"tarifacao" text DEFAULT 'P' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planos_conciliadores_contrato" (
	"codplanosconciliadorescontrato" serial PRIMARY KEY NOT NULL,
	"seq" integer DEFAULT 1 NOT NULL,
	"codplanosconciliadores" integer NOT NULL,
	"vigenciade" date NOT NULL,
	"vigenciaate" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planos_conciliadores_contrato_unidades" (
	"codplanosconciliadorescontrato" integer NOT NULL,
	"codoperadora" integer NOT NULL,
	"codpessoa" integer NOT NULL,
	"codexterno" text,
	CONSTRAINT "planos_contrato_unidades_pk" PRIMARY KEY("codplanosconciliadorescontrato","codoperadora","codpessoa")
);
--> statement-breakpoint
CREATE TABLE "planos_conciliadores_taxas" (
	"codplanosconciliadorestaxas" serial PRIMARY KEY NOT NULL,
	"codplanosconciliadores" integer NOT NULL,
	"codoperadora" integer NOT NULL,
	"codprodutos" integer NOT NULL,
	"bincartao" text,
	"tarifacao" text DEFAULT 'P' NOT NULL,
	"taxabndes" boolean DEFAULT false NOT NULL,
	"de" integer DEFAULT 1 NOT NULL,
	"ate" integer DEFAULT 1 NOT NULL,
	"valorde" bigint,
	"valorate" bigint,
	"tipotaxa" text DEFAULT 'P' NOT NULL,
	"taxa" numeric(9, 4),
	"valortaxa" bigint
);
--> statement-breakpoint
ALTER TABLE "planos_conciliadores" ADD CONSTRAINT "planos_conciliadores_codpessoapai_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoapai") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planos_conciliadores_contrato" ADD CONSTRAINT "planos_contrato_plano_fk" FOREIGN KEY ("codplanosconciliadores") REFERENCES "public"."planos_conciliadores"("codplanosconciliadores") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planos_conciliadores_contrato_unidades" ADD CONSTRAINT "planos_contrato_unidades_contrato_fk" FOREIGN KEY ("codplanosconciliadorescontrato") REFERENCES "public"."planos_conciliadores_contrato"("codplanosconciliadorescontrato") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planos_conciliadores_contrato_unidades" ADD CONSTRAINT "planos_contrato_unidades_operadora_fk" FOREIGN KEY ("codoperadora") REFERENCES "public"."operadoras"("codoperadora") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planos_conciliadores_contrato_unidades" ADD CONSTRAINT "planos_contrato_unidades_pessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planos_conciliadores_taxas" ADD CONSTRAINT "planos_taxas_plano_fk" FOREIGN KEY ("codplanosconciliadores") REFERENCES "public"."planos_conciliadores"("codplanosconciliadores") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planos_conciliadores_taxas" ADD CONSTRAINT "planos_taxas_operadora_fk" FOREIGN KEY ("codoperadora") REFERENCES "public"."operadoras"("codoperadora") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planos_conciliadores_taxas" ADD CONSTRAINT "planos_taxas_produto_fk" FOREIGN KEY ("codprodutos") REFERENCES "public"."produtos"("codprodutos") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_taxas_pessoa_idx" ON "auditoria_taxas" USING btree ("codpessoa","datavenda");--> statement-breakpoint
CREATE INDEX "auditoria_taxas_situacao_idx" ON "auditoria_taxas" USING btree ("situacao");--> statement-breakpoint
CREATE INDEX "decisoes_pareamento_operadora_idx" ON "decisoes_pareamento" USING btree ("dataoperadora","chaveoperadora","ocorrenciaoperadora");--> statement-breakpoint
CREATE INDEX "planos_contrato_plano_idx" ON "planos_conciliadores_contrato" USING btree ("codplanosconciliadores");--> statement-breakpoint
CREATE INDEX "planos_contrato_unidades_pessoa_idx" ON "planos_conciliadores_contrato_unidades" USING btree ("codpessoa","codoperadora");--> statement-breakpoint
CREATE INDEX "planos_taxas_plano_idx" ON "planos_conciliadores_taxas" USING btree ("codplanosconciliadores","codoperadora","codprodutos");