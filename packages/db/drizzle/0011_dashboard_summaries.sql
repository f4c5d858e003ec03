ALTER TABLE "resumo_vendas_dia" ADD COLUMN "tipo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "resumo_vendas_dia" ADD COLUMN "sobretaxa" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resumo_pagamentos_dia" ADD COLUMN "tipo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "resumo_pagamentos_dia" ADD COLUMN "brutoprevisto" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resumo_pagamentos_dia" ADD COLUMN "taxaprevista" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resumo_pagamentos_dia" ADD COLUMN "parcelasemaberto" integer DEFAULT 0 NOT NULL;