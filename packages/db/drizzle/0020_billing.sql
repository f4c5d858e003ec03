CREATE TABLE "dados_nfe" (
	"codpessoa" integer PRIMARY KEY NOT NULL,
	"codpessoaemissao" integer NOT NULL,
	"codcidade" integer NOT NULL,
	"cnae" text,
	"desccnae" text,
	"subitem" text NOT NULL,
	"descsubitem" text,
	"codigotributacaomunicipio" text NOT NULL,
	"descservico" text,
	"naturezaoperacao" text,
	"regimeespecialtributacao" text,
	"opatantesimplesnacional" text,
	"incentivadorcultural" text NOT NULL,
	"pis" numeric(7, 4),
	"cofins" numeric(7, 4),
	"ir" numeric(7, 4),
	"csll" numeric(7, 4),
	"iss" numeric(7, 4),
	"valorminimocalculoir" bigint,
	"valorminimocalculopiscofinscsll" bigint,
	"email" text NOT NULL,
	"senhaemail" text NOT NULL,
	"smtp" text NOT NULL,
	"porta" integer NOT NULL,
	"senhacertificado" text,
	"certificado" "bytea",
	"certificadonome" text,
	"certificadocnpj" text,
	"certificadovalidade" timestamp with time zone,
	"logo" "bytea",
	"logonome" text,
	"logotipo" text,
	"serie" text DEFAULT '1' NOT NULL,
	"ultimodps" bigint DEFAULT 0 NOT NULL,
	"atualizadoem" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movimento_linhas" (
	"data" date NOT NULL,
	"chave" uuid NOT NULL,
	"ocorrencia" integer NOT NULL,
	"codmovimento" integer NOT NULL,
	"codterminal" integer NOT NULL,
	"codoperadora" integer NOT NULL,
	"datavenda" date NOT NULL,
	"nsu" text,
	"autorizacao" text,
	"produto" text,
	"parcelas" integer NOT NULL,
	"valorbruto" bigint NOT NULL,
	"valorliquidoadm" bigint NOT NULL,
	"taxaterminal" numeric(9, 4) NOT NULL,
	"valorliquidoterminal" bigint NOT NULL,
	CONSTRAINT "movimento_linhas_pk" PRIMARY KEY("data","chave","ocorrencia")
);
--> statement-breakpoint
CREATE TABLE "movimento_mensalidades" (
	"codterminal" integer NOT NULL,
	"competencia" date NOT NULL,
	"codmovimento" integer NOT NULL,
	"valor" bigint NOT NULL,
	CONSTRAINT "movimento_mensalidades_pk" PRIMARY KEY("codterminal","competencia")
);
--> statement-breakpoint
CREATE TABLE "movimentos" (
	"codmovimento" serial PRIMARY KEY NOT NULL,
	"chave" text NOT NULL,
	"codpessoa" integer NOT NULL,
	"codpessoafaturador" integer NOT NULL,
	"filtrode" date NOT NULL,
	"filtroate" date NOT NULL,
	"datainclusao" timestamp with time zone DEFAULT now() NOT NULL,
	"codusuario" integer,
	"quantidade" integer NOT NULL,
	"valorbruto" bigint NOT NULL,
	"valorliquidoadm" bigint NOT NULL,
	"valorliquidoterminal" bigint NOT NULL,
	"creditos" bigint NOT NULL,
	"debitos" bigint NOT NULL,
	"valorservico" bigint NOT NULL,
	"dataprocessado" timestamp with time zone,
	CONSTRAINT "movimentos_chave_unique" UNIQUE("chave")
);
--> statement-breakpoint
CREATE TABLE "notas_servico" (
	"codmovimento" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"serie" text NOT NULL,
	"numerodps" bigint NOT NULL,
	"numeronota" text,
	"protocolo" text,
	"chaveacesso" text,
	"mensagem" text,
	"xmldps" text NOT NULL,
	"xmlnfse" text,
	"emitidaem" timestamp with time zone,
	"emailenviadoem" timestamp with time zone,
	"emailerro" text,
	"atualizadoem" timestamp with time zone DEFAULT now() NOT NULL,
	"reenviarnota" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "planos_pos" ADD COLUMN "tarifacao" text DEFAULT 'P' NOT NULL;--> statement-breakpoint
ALTER TABLE "dados_nfe" ADD CONSTRAINT "dados_nfe_pessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dados_nfe" ADD CONSTRAINT "dados_nfe_emissao_fk" FOREIGN KEY ("codpessoaemissao") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimento_linhas" ADD CONSTRAINT "movimento_linhas_movimento_fk" FOREIGN KEY ("codmovimento") REFERENCES "public"."movimentos"("codmovimento") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimento_mensalidades" ADD CONSTRAINT "movimento_mensalidades_movimento_fk" FOREIGN KEY ("codmovimento") REFERENCES "public"."movimentos"("codmovimento") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimento_mensalidades" ADD CONSTRAINT "movimento_mensalidades_terminal_fk" FOREIGN KEY ("codterminal") REFERENCES "public"."terminais"("codterminal") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentos" ADD CONSTRAINT "movimentos_pessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentos" ADD CONSTRAINT "movimentos_faturador_fk" FOREIGN KEY ("codpessoafaturador") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_servico" ADD CONSTRAINT "notas_servico_movimento_fk" FOREIGN KEY ("codmovimento") REFERENCES "public"."movimentos"("codmovimento") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movimento_linhas_movimento_idx" ON "movimento_linhas" USING btree ("codmovimento");--> statement-breakpoint
CREATE INDEX "movimento_mensalidades_movimento_idx" ON "movimento_mensalidades" USING btree ("codmovimento");--> statement-breakpoint
CREATE INDEX "movimentos_pessoa_idx" ON "movimentos" USING btree ("codpessoa","filtroate");