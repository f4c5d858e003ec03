CREATE TABLE "taxas_antecipacao" (
	"codtaxaantecipacao" serial PRIMARY KEY NOT NULL,
	"codpessoa" integer NOT NULL,
	"nome" text NOT NULL,
	"vigenciade" date NOT NULL,
	"vigenciaate" date NOT NULL,
	"taxa" numeric(9, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bandeiras" (
	"codbandeira" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"tipo" text DEFAULT 'CARTAO' NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "bandeiras_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "cidades" (
	"codcidade" integer PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"coduf" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estados" (
	"coduf" integer PRIMARY KEY NOT NULL,
	"sigla" text NOT NULL,
	"nome" text NOT NULL,
	"regiao" text NOT NULL,
	CONSTRAINT "estados_sigla_unique" UNIQUE("sigla")
);
--> statement-breakpoint
CREATE TABLE "operadora_bandeiras" (
	"codoperadora" integer NOT NULL,
	"codbandeira" integer NOT NULL,
	"codigooperadora" text,
	CONSTRAINT "operadora_bandeiras_codoperadora_codbandeira_pk" PRIMARY KEY("codoperadora","codbandeira"),
	CONSTRAINT "operadora_bandeiras_codigo_uq" UNIQUE("codoperadora","codigooperadora")
);
--> statement-breakpoint
CREATE TABLE "operadora_codigos_produto" (
	"codoperadora" integer NOT NULL,
	"codigo" text NOT NULL,
	"descricao" text NOT NULL,
	"codprodutos" integer NOT NULL,
	"codbandeira" integer,
	CONSTRAINT "operadora_codigos_produto_codoperadora_codigo_pk" PRIMARY KEY("codoperadora","codigo")
);
--> statement-breakpoint
CREATE TABLE "operadora_produtos" (
	"codoperadora" integer NOT NULL,
	"codprodutos" integer NOT NULL,
	CONSTRAINT "operadora_produtos_codoperadora_codprodutos_pk" PRIMARY KEY("codoperadora","codprodutos")
);
--> statement-breakpoint
CREATE TABLE "operadoras" (
	"codoperadora" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"formacalculo" text DEFAULT 'T' NOT NULL,
	"consinco" text,
	"estabelecimentocadastrotaxa" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "operadoras_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "produtos" (
	"codprodutos" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"parcelado" boolean DEFAULT false NOT NULL,
	"prepago" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "produtos_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "inscestadual" text;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "inscmunicipal" text;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "cep" text;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "estado" text;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "codcidade" integer;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "bairro" text;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "endereco" text;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "numero" text;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "complemento" text;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "agencia" text;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "conta" text;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "codestabelecimentobancario" text;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "diascliente" integer;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "exibirusuario" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "taxas_antecipacao" ADD CONSTRAINT "taxas_antecipacao_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cidades" ADD CONSTRAINT "cidades_coduf_estados_coduf_fk" FOREIGN KEY ("coduf") REFERENCES "public"."estados"("coduf") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operadora_bandeiras" ADD CONSTRAINT "operadora_bandeiras_codoperadora_operadoras_codoperadora_fk" FOREIGN KEY ("codoperadora") REFERENCES "public"."operadoras"("codoperadora") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operadora_bandeiras" ADD CONSTRAINT "operadora_bandeiras_codbandeira_bandeiras_codbandeira_fk" FOREIGN KEY ("codbandeira") REFERENCES "public"."bandeiras"("codbandeira") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operadora_codigos_produto" ADD CONSTRAINT "operadora_codigos_produto_codoperadora_operadoras_codoperadora_fk" FOREIGN KEY ("codoperadora") REFERENCES "public"."operadoras"("codoperadora") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operadora_codigos_produto" ADD CONSTRAINT "operadora_codigos_produto_codprodutos_produtos_codprodutos_fk" FOREIGN KEY ("codprodutos") REFERENCES "public"."produtos"("codprodutos") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operadora_codigos_produto" ADD CONSTRAINT "operadora_codigos_produto_codbandeira_bandeiras_codbandeira_fk" FOREIGN KEY ("codbandeira") REFERENCES "public"."bandeiras"("codbandeira") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operadora_produtos" ADD CONSTRAINT "operadora_produtos_codoperadora_operadoras_codoperadora_fk" FOREIGN KEY ("codoperadora") REFERENCES "public"."operadoras"("codoperadora") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operadora_produtos" ADD CONSTRAINT "operadora_produtos_codprodutos_produtos_codprodutos_fk" FOREIGN KEY ("codprodutos") REFERENCES "public"."produtos"("codprodutos") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "taxas_antecipacao_pessoa_idx" ON "taxas_antecipacao" USING btree ("codpessoa");--> statement-breakpoint
CREATE INDEX "cidades_uf_idx" ON "cidades" USING btree ("coduf");