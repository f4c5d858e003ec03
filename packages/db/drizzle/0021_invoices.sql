CREATE TABLE "nfse_numeracao" (
	"cnpj" text PRIMARY KEY NOT NULL,
	"ultimo" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "caixa_saida" ADD COLUMN "anexos" jsonb;