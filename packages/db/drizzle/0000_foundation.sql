CREATE TABLE "perfil_recursos" (
	"codperfil" integer NOT NULL,
	"codrecurso" integer NOT NULL,
	CONSTRAINT "perfil_recursos_codperfil_codrecurso_pk" PRIMARY KEY("codperfil","codrecurso")
);
--> statement-breakpoint
CREATE TABLE "perfis" (
	"codperfil" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"codpessoacriador" integer
);
--> statement-breakpoint
CREATE TABLE "pessoas" (
	"codpessoa" serial PRIMARY KEY NOT NULL,
	"codpessoapai" integer,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"nomeabreviado" text,
	"cpf" text,
	"cnpj" text,
	"email" text,
	"telefone" text,
	"status" text DEFAULT 'A' NOT NULL,
	"logo" text,
	"criadoem" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recursos" (
	"codrecurso" serial PRIMARY KEY NOT NULL,
	"recurso" text NOT NULL,
	"nometela" text NOT NULL,
	CONSTRAINT "recursos_recurso_unique" UNIQUE("recurso")
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"codusuario" serial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"nome" text NOT NULL,
	"email" text,
	"senhahash" text,
	"validade" date,
	"codperfil" integer NOT NULL,
	"codpessoa" integer NOT NULL,
	"responsavel" text,
	"piloto" boolean DEFAULT false NOT NULL,
	"permitido" boolean DEFAULT true NOT NULL,
	"legado" boolean DEFAULT false NOT NULL,
	"criadoem" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuarios_login_unique" UNIQUE("login")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"codbanner" serial PRIMARY KEY NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"link" text,
	"codpessoa" integer NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criadoem" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"codmenu" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"page" text,
	"codmenupai" integer,
	"icon" text,
	"ordem" integer DEFAULT 0 NOT NULL,
	"codrecurso" integer
);
--> statement-breakpoint
CREATE TABLE "noticias" (
	"codnoticia" serial PRIMARY KEY NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"data" date NOT NULL,
	"codpessoa" integer NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"codusuario" integer,
	"acao" text NOT NULL,
	"entidade" text NOT NULL,
	"chave" text,
	"dados" jsonb,
	"requestid" text
);
--> statement-breakpoint
CREATE TABLE "botcheck_usados" (
	"assinatura" text PRIMARY KEY NOT NULL,
	"expiraem" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caixa_saida" (
	"codemail" serial PRIMARY KEY NOT NULL,
	"para" text NOT NULL,
	"assunto" text NOT NULL,
	"texto" text NOT NULL,
	"criadoem" timestamp with time zone DEFAULT now() NOT NULL,
	"enviadoem" timestamp with time zone,
	"erro" text,
	"viasmtp" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tokenhash" text NOT NULL,
	"codusuario" integer NOT NULL,
	"criadaem" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimoacesso" timestamp with time zone DEFAULT now() NOT NULL,
	"expiraem" timestamp with time zone NOT NULL,
	"encerradaem" timestamp with time zone,
	"ip" text,
	"simuladopor" integer,
	CONSTRAINT "sessoes_tokenhash_unique" UNIQUE("tokenhash")
);
--> statement-breakpoint
CREATE TABLE "tentativas_login" (
	"chave" text PRIMARY KEY NOT NULL,
	"janelainicio" timestamp with time zone NOT NULL,
	"tentativas" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tokens_acesso" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tokenhash" text NOT NULL,
	"tipo" text NOT NULL,
	"codusuario" integer NOT NULL,
	"emitidopor" integer,
	"criadoem" timestamp with time zone DEFAULT now() NOT NULL,
	"expiraem" timestamp with time zone NOT NULL,
	"usadoem" timestamp with time zone,
	CONSTRAINT "tokens_acesso_tokenhash_unique" UNIQUE("tokenhash")
);
--> statement-breakpoint
ALTER TABLE "perfil_recursos" ADD CONSTRAINT "perfil_recursos_codperfil_perfis_codperfil_fk" FOREIGN KEY ("codperfil") REFERENCES "public"."perfis"("codperfil") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfil_recursos" ADD CONSTRAINT "perfil_recursos_codrecurso_recursos_codrecurso_fk" FOREIGN KEY ("codrecurso") REFERENCES "public"."recursos"("codrecurso") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfis" ADD CONSTRAINT "perfis_codpessoacriador_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoacriador") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoas" ADD CONSTRAINT "pessoas_pai_fk" FOREIGN KEY ("codpessoapai") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_codperfil_perfis_codperfil_fk" FOREIGN KEY ("codperfil") REFERENCES "public"."perfis"("codperfil") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_codrecurso_recursos_codrecurso_fk" FOREIGN KEY ("codrecurso") REFERENCES "public"."recursos"("codrecurso") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_pai_fk" FOREIGN KEY ("codmenupai") REFERENCES "public"."menus"("codmenu") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noticias" ADD CONSTRAINT "noticias_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes" ADD CONSTRAINT "sessoes_codusuario_usuarios_codusuario_fk" FOREIGN KEY ("codusuario") REFERENCES "public"."usuarios"("codusuario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes" ADD CONSTRAINT "sessoes_simuladopor_usuarios_codusuario_fk" FOREIGN KEY ("simuladopor") REFERENCES "public"."usuarios"("codusuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens_acesso" ADD CONSTRAINT "tokens_acesso_codusuario_usuarios_codusuario_fk" FOREIGN KEY ("codusuario") REFERENCES "public"."usuarios"("codusuario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens_acesso" ADD CONSTRAINT "tokens_acesso_emitidopor_usuarios_codusuario_fk" FOREIGN KEY ("emitidopor") REFERENCES "public"."usuarios"("codusuario") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pessoas_pai_idx" ON "pessoas" USING btree ("codpessoapai");--> statement-breakpoint
CREATE INDEX "usuarios_pessoa_idx" ON "usuarios" USING btree ("codpessoa");--> statement-breakpoint
CREATE INDEX "usuarios_login_upper_idx" ON "usuarios" USING btree (upper("login"));--> statement-breakpoint
CREATE INDEX "auditoria_entidade_idx" ON "auditoria" USING btree ("entidade","chave");--> statement-breakpoint
CREATE INDEX "sessoes_usuario_idx" ON "sessoes" USING btree ("codusuario");--> statement-breakpoint
CREATE INDEX "tokens_usuario_idx" ON "tokens_acesso" USING btree ("codusuario");