CREATE TABLE "planos_pos" (
	"codplano" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"codpessoapai" integer NOT NULL,
	"cobramensalidade" text DEFAULT 'N' NOT NULL,
	"valormensalidade" bigint,
	"diacorte" integer
);
--> statement-breakpoint
CREATE TABLE "planos_pos_taxas" (
	"codplanostaxas" serial PRIMARY KEY NOT NULL,
	"codplano" integer NOT NULL,
	"codprodutos" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planos_pos_taxas_faixas" (
	"codplanostaxas" integer NOT NULL,
	"de" integer NOT NULL,
	"ate" integer NOT NULL,
	"taxa" numeric(9, 4) NOT NULL,
	CONSTRAINT "planos_pos_taxas_faixas_pk" PRIMARY KEY("codplanostaxas","de")
);
--> statement-breakpoint
CREATE TABLE "planos_terminal" (
	"codplanosterminal" serial PRIMARY KEY NOT NULL,
	"seq" integer DEFAULT 1 NOT NULL,
	"codplanos" integer NOT NULL,
	"vigenciade" date NOT NULL,
	"vigenciaate" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planos_terminal_terminais" (
	"codplanosterminal" integer NOT NULL,
	"codterminal" integer NOT NULL,
	CONSTRAINT "planos_terminal_terminais_pk" PRIMARY KEY("codplanosterminal","codterminal")
);
--> statement-breakpoint
ALTER TABLE "planos_pos" ADD CONSTRAINT "planos_pos_codpessoapai_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoapai") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planos_pos_taxas" ADD CONSTRAINT "planos_pos_taxas_plano_fk" FOREIGN KEY ("codplano") REFERENCES "public"."planos_pos"("codplano") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planos_pos_taxas" ADD CONSTRAINT "planos_pos_taxas_produto_fk" FOREIGN KEY ("codprodutos") REFERENCES "public"."produtos"("codprodutos") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planos_pos_taxas_faixas" ADD CONSTRAINT "planos_pos_taxas_faixas_taxa_fk" FOREIGN KEY ("codplanostaxas") REFERENCES "public"."planos_pos_taxas"("codplanostaxas") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planos_terminal" ADD CONSTRAINT "planos_terminal_plano_fk" FOREIGN KEY ("codplanos") REFERENCES "public"."planos_pos"("codplano") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planos_terminal_terminais" ADD CONSTRAINT "planos_terminal_terminais_contrato_fk" FOREIGN KEY ("codplanosterminal") REFERENCES "public"."planos_terminal"("codplanosterminal") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planos_terminal_terminais" ADD CONSTRAINT "planos_terminal_terminais_terminal_fk" FOREIGN KEY ("codterminal") REFERENCES "public"."terminais"("codterminal") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planos_pos_taxas_plano_idx" ON "planos_pos_taxas" USING btree ("codplano");--> statement-breakpoint
CREATE INDEX "planos_terminal_plano_idx" ON "planos_terminal" USING btree ("codplanos");--> statement-breakpoint
CREATE INDEX "planos_terminal_terminais_terminal_idx" ON "planos_terminal_terminais" USING btree ("codterminal");