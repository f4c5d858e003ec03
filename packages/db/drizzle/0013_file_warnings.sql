ALTER TABLE "arquivos" ADD COLUMN "avisos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "arquivos" ADD COLUMN "mensagensavisos" jsonb;