CREATE TABLE "terminais" (
	"codterminal" serial PRIMARY KEY NOT NULL,
	"codexterno" text NOT NULL,
	"nome" text NOT NULL,
	"vinculo" text NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	"codpessoapai" integer NOT NULL,
	"codpessoacliente" integer NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"datainiciocobranca" date,
	"datainclusao" date DEFAULT (now() AT TIME ZONE 'America/Sao_Paulo')::date NOT NULL,
	"codoperadora" integer,
	"codexternoconciliador" text
);
--> statement-breakpoint
CREATE TABLE "parametros" (
	"codpessoa" integer PRIMARY KEY NOT NULL,
	"texto" varchar(500)
);
--> statement-breakpoint
ALTER TABLE "terminais" ADD CONSTRAINT "terminais_codpessoapai_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoapai") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminais" ADD CONSTRAINT "terminais_codpessoacliente_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoacliente") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminais" ADD CONSTRAINT "terminais_codoperadora_operadoras_codoperadora_fk" FOREIGN KEY ("codoperadora") REFERENCES "public"."operadoras"("codoperadora") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parametros" ADD CONSTRAINT "parametros_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminais_pai_idx" ON "terminais" USING btree ("codpessoapai");--> statement-breakpoint
CREATE INDEX "terminais_cliente_idx" ON "terminais" USING btree ("codpessoacliente");