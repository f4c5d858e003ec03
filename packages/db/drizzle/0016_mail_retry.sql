ALTER TABLE "caixa_saida" ADD COLUMN "tentativas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "caixa_saida" ADD COLUMN "proximatentativa" timestamp with time zone;