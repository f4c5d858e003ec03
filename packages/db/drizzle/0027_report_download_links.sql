ALTER TABLE "execucoes_relatorio" ADD COLUMN "arquivo" text;--> statement-breakpoint
ALTER TABLE "execucoes_relatorio" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "execucoes_relatorio" ADD COLUMN "contenttype" text;--> statement-breakpoint
ALTER TABLE "execucoes_relatorio" ADD COLUMN "expiraem" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "execucoes_relatorio_arquivo_idx" ON "execucoes_relatorio" USING btree ("sha256","expiraem") WHERE "execucoes_relatorio"."sha256" IS NOT NULL;