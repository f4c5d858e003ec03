CREATE TABLE "cadastros" (
	"codcadastro" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"cnpj" text NOT NULL,
	"codpessoa" integer NOT NULL,
	"codusuario" integer NOT NULL,
	"formapagamento" text NOT NULL,
	"status" text DEFAULT 'PENDENTE' NOT NULL,
	"criadoem" timestamp with time zone DEFAULT now() NOT NULL,
	"aprovadoem" timestamp with time zone,
	"aprovadopor" integer,
	CONSTRAINT "cadastros_codigo_unique" UNIQUE("codigo"),
	CONSTRAINT "cadastros_cnpj_unique" UNIQUE("cnpj")
);
--> statement-breakpoint
CREATE TABLE "credenciais_operadora" (
	"codpessoa" integer NOT NULL,
	"codoperadora" integer NOT NULL,
	"credencial" text NOT NULL,
	"atualizadoem" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credenciais_operadora_pk" PRIMARY KEY("codpessoa","codoperadora")
);
--> statement-breakpoint
ALTER TABLE "cadastros" ADD CONSTRAINT "cadastros_pessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadastros" ADD CONSTRAINT "cadastros_usuario_fk" FOREIGN KEY ("codusuario") REFERENCES "public"."usuarios"("codusuario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credenciais_operadora" ADD CONSTRAINT "credenciais_operadora_pessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credenciais_operadora" ADD CONSTRAINT "credenciais_operadora_operadora_fk" FOREIGN KEY ("codoperadora") REFERENCES "public"."operadoras"("codoperadora") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cadastros_pessoa_idx" ON "cadastros" USING btree ("codpessoa");