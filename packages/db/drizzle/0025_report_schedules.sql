CREATE TABLE "agendamentos_relatorio" (
	"codagendamento" serial PRIMARY KEY NOT NULL,
	"codusuario" integer NOT NULL,
	"codpessoa" integer NOT NULL,
	"relatorio" text NOT NULL,
	"parametros" jsonb NOT NULL,
	"periodo" text DEFAULT 'FIXO' NOT NULL,
	"formato" text NOT NULL,
	"frequencia" text NOT NULL,
	"dias" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"diames" smallint,
	"hora" text NOT NULL,
	"validade" date,
	"emails" text[] NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"proximaexecucao" timestamp with time zone,
	"criadoem" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "execucoes_relatorio" (
	"codexecucao" serial PRIMARY KEY NOT NULL,
	"codagendamento" integer NOT NULL,
	"agendadopara" timestamp with time zone NOT NULL,
	"iniciadoem" timestamp with time zone DEFAULT now() NOT NULL,
	"terminadoem" timestamp with time zone,
	"status" text DEFAULT 'EXECUTANDO' NOT NULL,
	"linhas" integer,
	"bytes" bigint,
	"mensagem" text
);
--> statement-breakpoint
ALTER TABLE "agendamentos_relatorio" ADD CONSTRAINT "agendamentos_relatorio_codusuario_usuarios_codusuario_fk" FOREIGN KEY ("codusuario") REFERENCES "public"."usuarios"("codusuario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamentos_relatorio" ADD CONSTRAINT "agendamentos_relatorio_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execucoes_relatorio" ADD CONSTRAINT "execucoes_relatorio_codagendamento_agendamentos_relatorio_codagendamento_fk" FOREIGN KEY ("codagendamento") REFERENCES "public"."agendamentos_relatorio"("codagendamento") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agendamentos_relatorio_devidos_idx" ON "agendamentos_relatorio" USING btree ("proximaexecucao") WHERE "agendamentos_relatorio"."ativo";--> statement-breakpoint
CREATE INDEX "agendamentos_relatorio_pessoa_idx" ON "agendamentos_relatorio" USING btree ("codpessoa");--> statement-breakpoint
CREATE INDEX "execucoes_relatorio_agendamento_idx" ON "execucoes_relatorio" USING btree ("codagendamento","iniciadoem" DESC NULLS LAST);