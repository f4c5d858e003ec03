CREATE TABLE "alarmes_arquivo" (
	"codestabelecimento" integer NOT NULL,
	"data" date NOT NULL,
	"abertoem" timestamp with time zone DEFAULT now() NOT NULL,
	"resolvidoem" timestamp with time zone,
	"codarquivo" integer,
	CONSTRAINT "alarmes_arquivo_codestabelecimento_data_pk" PRIMARY KEY("codestabelecimento","data")
);
--> statement-breakpoint
CREATE TABLE "cadencia_arquivos" (
	"codoperadora" integer PRIMARY KEY NOT NULL,
	"horalimite" time,
	"diasuteis" boolean DEFAULT true NOT NULL,
	"monitorar" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumos_alarmes" (
	"codusuario" integer NOT NULL,
	"data" date NOT NULL,
	"alarmes" integer NOT NULL,
	"enviadoem" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resumos_alarmes_codusuario_data_pk" PRIMARY KEY("codusuario","data")
);
--> statement-breakpoint
ALTER TABLE "alarmes_arquivo" ADD CONSTRAINT "alarmes_arquivo_codestabelecimento_estabelecimentos_codestabelecimento_fk" FOREIGN KEY ("codestabelecimento") REFERENCES "public"."estabelecimentos"("codestabelecimento") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarmes_arquivo" ADD CONSTRAINT "alarmes_arquivo_codarquivo_arquivos_codarquivo_fk" FOREIGN KEY ("codarquivo") REFERENCES "public"."arquivos"("codarquivo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadencia_arquivos" ADD CONSTRAINT "cadencia_arquivos_codoperadora_operadoras_codoperadora_fk" FOREIGN KEY ("codoperadora") REFERENCES "public"."operadoras"("codoperadora") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumos_alarmes" ADD CONSTRAINT "resumos_alarmes_codusuario_usuarios_codusuario_fk" FOREIGN KEY ("codusuario") REFERENCES "public"."usuarios"("codusuario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarmes_arquivo_abertos_idx" ON "alarmes_arquivo" USING btree ("codestabelecimento") WHERE "alarmes_arquivo"."resolvidoem" IS NULL;