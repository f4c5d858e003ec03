ALTER TABLE "linhas_operadora" ADD COLUMN "mktvendedor" text;--> statement-breakpoint
ALTER TABLE "linhas_operadora" ADD COLUMN "mktpagamento" text;--> statement-breakpoint
ALTER TABLE "linhas_operadora" ADD COLUMN "mktpedido" text;--> statement-breakpoint
ALTER TABLE "linhas_operadora" ADD COLUMN "mktitem" text;