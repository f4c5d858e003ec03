CREATE TABLE "documentos_estabelecimento" (
	"coddocumento" serial PRIMARY KEY NOT NULL,
	"codestabelecimento" integer NOT NULL,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"arquivo" "bytea" NOT NULL,
	"mime" text NOT NULL,
	"tamanho" integer NOT NULL,
	"status" text DEFAULT 'PENDENTE' NOT NULL,
	"motivo" text,
	"enviadoem" timestamp with time zone DEFAULT now() NOT NULL,
	"enviadopor" integer,
	"avaliadoem" timestamp with time zone,
	"avaliadopor" integer
);
--> statement-breakpoint
CREATE TABLE "historico_posicao_contrato" (
	"id" serial PRIMARY KEY NOT NULL,
	"codoperadora" integer NOT NULL,
	"codexterno" text NOT NULL,
	"status" text NOT NULL,
	"desde" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "cadastrodocumentos" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "cadastrosenha" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "estabelecimentos" ADD COLUMN "situacao" text DEFAULT 'ATIVO' NOT NULL;--> statement-breakpoint
ALTER TABLE "estabelecimentos" ADD COLUMN "criadoem" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "estabelecimentos" ADD COLUMN "aprovadoecem" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estabelecimentos" ADD COLUMN "aprovadoecpor" integer;--> statement-breakpoint
ALTER TABLE "estabelecimentos" ADD COLUMN "aprovadooperadoraem" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estabelecimentos" ADD COLUMN "aprovadooperadorapor" integer;--> statement-breakpoint
ALTER TABLE "estabelecimentos" ADD COLUMN "recusadoem" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estabelecimentos" ADD COLUMN "motivorecusa" text;--> statement-breakpoint
ALTER TABLE "cadastros" ADD COLUMN "taxas" jsonb;--> statement-breakpoint
ALTER TABLE "documentos_estabelecimento" ADD CONSTRAINT "documentos_estabelecimento_codestabelecimento_estabelecimentos_codestabelecimento_fk" FOREIGN KEY ("codestabelecimento") REFERENCES "public"."estabelecimentos"("codestabelecimento") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documentos_estabelecimento_idx" ON "documentos_estabelecimento" USING btree ("codestabelecimento");--> statement-breakpoint
CREATE INDEX "historico_posicao_contrato_idx" ON "historico_posicao_contrato" USING btree ("codoperadora","codexterno","desde" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- databases seeded before this release: Cielo's statement comes through the client's API credentials
UPDATE "operadoras" SET "cadastrosenha" = true WHERE "nome" = 'Cielo';
